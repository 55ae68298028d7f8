"""The words and tools every stage shares: located problems and their codes, the vocabulary
(ids, language codes, editions), fingerprints and atomic file replacement.

Imports nothing of the project but the pure scorer (for its editions).
"""
