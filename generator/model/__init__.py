"""Model stage: the shape of every data file (pydantic models), their validation into located
problems, and the domain objects read off them (units, inline markup, printings, tiles).
"""
