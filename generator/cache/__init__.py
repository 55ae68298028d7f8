"""Everything a build keeps: between builds under ``build/``, and between edits in ``rulesite serve``.

Imports only :mod:`generator.core`; the stages use these stores, they never keep state of their own.
"""
