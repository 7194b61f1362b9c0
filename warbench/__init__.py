"""The ``warbench`` launcher: it sits above both ``model`` and ``gui`` and chooses between them."""
