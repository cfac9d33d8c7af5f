"""delivery."""
