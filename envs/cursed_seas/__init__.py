"""Pirates of the Cursed Seas: a miniatures game on a continuous table (see env.py)."""
