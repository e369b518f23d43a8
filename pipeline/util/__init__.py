"""Plumbing every stage may use: YAML, atomic writes, package resources, workers and progress, the project's
files, git, the terminal."""
