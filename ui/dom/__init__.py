"""The browser side of the page: elements, input, dialogs and storage.

Modules here read the model (``ui.model``) and write the DOM; they never import the page.
"""
