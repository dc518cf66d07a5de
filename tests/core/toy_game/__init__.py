"""Blind Twenty-One: a tiny game with a hidden card, used to test the game-agnostic core.

It has the anatomy of a real game package (state, rules, observe, batch, env) so that
``envs.core`` is exercised exactly as a real game uses it. Rules (the "rulebook" cited by the
tests, sections in brackets):

- [Setup] 2-4 players. A 12-card deck (values 1-6, two of each) is shuffled; each player is
  dealt one secret card face down. The running total starts at 0; seat 0 plays first.
- [Turn] On your turn either add 1, 2 or 3 to the total, or play your secret card: add its
  value, reveal it (the last played card is public), and draw a new secret card if the deck
  has one. Turns pass to the next seat.
- [End] When the total reaches the target (21) or more, the game ends. Exactly the target:
  the mover wins and everyone else loses. Over the target: the mover loses and everyone else
  wins. Winners get +1, losers -1.
- [Bound] ``max_steps`` decisions (0 = 64) truncate the game: no winner, rewards 0.
"""
