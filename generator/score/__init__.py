"""Score stage: scenarios and worked examples read into the pure scorer's objects and scored
against their published totals.
"""
