"""The browser layer: renders the engine's state and turns input into moves."""
