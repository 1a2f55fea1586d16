"""proact package."""
