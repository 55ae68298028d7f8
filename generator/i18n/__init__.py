"""Translators' tools over a loaded project: translation status, the PO round trip, and writing
translation files in place. (Translation files are read and checked in :mod:`generator.check.translations`.)
"""
