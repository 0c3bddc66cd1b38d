"""Views: what each command prints as text, read from its result."""
