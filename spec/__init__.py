"""The built-in edition files (TOML). Data only: this marker makes them installable."""
