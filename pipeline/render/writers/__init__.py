"""The render stage's writers: each turns the corpus into one kind of file under build/."""
