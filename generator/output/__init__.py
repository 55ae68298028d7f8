"""Write stage: generated pages on disk, the output folder and its swap, the site writer every
file of a new site goes through, split builds put together, and the JSON Schema files.
"""
