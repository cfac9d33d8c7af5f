"""Discord OpenAPI subset (see README.md)."""
