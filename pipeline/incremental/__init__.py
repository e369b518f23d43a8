"""What a build depends on and what it may reuse from the last one: the fingerprint, the build cache and its
sealed entries, the user's cache."""
