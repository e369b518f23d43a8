"""The read stage: the manifest's documents, and each source's bytes as lines."""
