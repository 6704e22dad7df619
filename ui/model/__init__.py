"""What the page knows and decides, in pure Python: no browser import, tested in CPython.

Modules here import the engine and each other, never ``ui.dom`` or the page.
"""
