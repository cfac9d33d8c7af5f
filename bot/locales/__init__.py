"""Translation catalogues (``<lang>.po``), their template (``meja-kad.pot``) and the tools that read and write them.

A package rather than a plain folder so the catalogues ship with the code
(see ``package-data`` in ``pyproject.toml``) and the PO tools sit beside them.
"""
