"""Corpus stage: the store, pipeline runs, exports, the review report and the command line."""
