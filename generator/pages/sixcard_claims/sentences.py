"""The 6-Card Golf page's sentences that state a rule, as the template has them (English
msgids): the claims of every section back them by these copies."""

INDEX = (
    "A card game for %(min)s to %(max)s players (%(size)s-Card Golf and related games): "
    "each player lays out a grid of face-down cards and improves it turn by turn; the "
    "lowest score over %(holes)s holes wins."
)
"""The home page's sentence about the card game."""

S = {
    "intro": (
        "Golf is a modern North American card game in which the lowest score wins, played "
        "over %(holes)s holes (rounds). Each player has a grid of face-down cards (usually "
        "%(size)s cards in a %(rows)sx%(columns)s grid) and tries to replace high cards with "
        "lower ones and to pair cards of equal rank in the same column so that they cancel "
        "out to zero. Kings are %(king)s; Jokers are %(joker)s."
    ),
    "summary": (
        "Golf is a modern North American card game that takes its name from the sport, whose "
        "scoring it copies: the lower the score, the better, and a match usually consists of "
        "%(holes)s ‘holes’ (rounds). The most popular version is %(six)s-Card Golf, played by "
        "%(min)s to %(max)s players with one or two standard decks of %(deck)s cards. Each "
        "player is dealt %(size)s cards face down and lays them out in a grid of %(rows)s rows "
        "and %(columns)s columns; at the start of the hole each player turns %(up)s of them "
        "face up, while their other cards stay face down. On their turn a player draws either "
        "the top card of the face-down stock or the top card of the face-up discard pile, and "
        "then either exchanges it for one of their grid cards (which goes face up onto the "
        "discard pile) or discards it and turns one of their face-down cards face up. A hole "
        "ends when one player's whole grid is face up; every other player gets one more turn "
        "and then the hole is scored. The card values are: Ace=%(ace)s, %(two)s-%(nine)s=face "
        "value, %(ten)s=%(ten_value)s, Jack=%(jack)s, Queen=%(queen)s, King=%(king)s, "
        "Joker=%(joker)s; the key scoring rule is that two cards of equal rank in the same "
        "COLUMN cancel each other out and score zero. A match usually consists of %(holes)s "
        "holes; the player with the lowest cumulative score wins."
    ),
    "players": (
        "%(min)s to %(max)s players for %(six)s-Card Golf with one deck of %(deck)s cards (use "
        "%(decks)s decks for %(from)s-%(max)s players if you want to keep the stock from "
        "running out). Variants range from 2-Card to %(nine)s-Card Golf. A typical match of "
        "%(holes)s holes takes 30 to 60 minutes. Play goes clockwise; the first dealer is "
        "chosen by cutting (lowest card deals), and the deal passes clockwise after each hole."
    ),
    "deck": (
        "A standard deck of %(deck)s cards, usually with %(jokers)s Jokers added "
        "(%(with_jokers)s cards); for %(from)s or %(max)s players add a second deck."
    ),
    "values": (
        "Card values for scoring: Ace = %(ace)s, %(two)s to %(nine)s = face value, %(ten)s = "
        "%(ten_value)s, Jack = %(jack)s, Queen = %(queen)s, King = %(king)s, Joker = %(joker)s."
    ),
    "column_pair": (
        "Column pair cancellation: two cards of the same rank in the SAME column of your "
        "%(rows)sx%(columns)s grid cancel each other out and score %(pair)s points together "
        "(whatever their individual values)."
    ),
    "suits": ("Suits do not matter for scoring; only the rank counts."),
    "object": (
        "Get the lowest total score over the agreed number of holes (usually %(holes)s, like a "
        "round of golf). In each hole you lower the total of your %(size)s-card grid by "
        "replacing high cards with lower ones and by pairing cards of equal rank in the same "
        "column (where they cancel out). Negative scores (from Jokers) are the holy grail."
    ),
    "deal": ("Deal %(size)s cards face down to each player, one at a time, clockwise."),
    "lay_out": (
        "Without looking at them, each player lays their %(size)s cards face down in front of "
        "them in a grid of %(rows)s rows and %(columns)s columns."
    ),
    "stock": (
        "Put the remaining cards face down in the middle as the stock. Turn the top card face "
        "up beside the stock to start the discard pile."
    ),
    "turn_up": (
        "All players at the same time turn ANY %(up)s cards of their grid face up (by agreement"
        " the two turned cards become common knowledge)."
    ),
    "first_turn": ("The player to the dealer's left takes the first turn."),
    "draw": (
        "Draw: take the top card of the stock (face down) OR the top card of the discard pile "
        "(face up). You must draw before any other action."
    ),
    "decide": (
        "Decide: you must now either REPLACE a grid card with the card drawn, or DISCARD the "
        "card drawn and TURN UP one face-down grid card instead."
    ),
    "replace": (
        "Replace: take any card from your grid (face up or face down), place it face up on the "
        "discard pile and put the drawn card face up in its place. That position in your grid "
        "stays face up for the rest of the hole."
    ),
    "discard_and_turn": (
        "Discard and turn up: if you drew from the stock, you may choose to discard that card "
        "and turn up one face-down card of your grid instead. You may NOT put a card taken from"
        " the discard pile straight back without making a replacement (the anti-stall rule)."
    ),
    "clockwise": ("The turn passes clockwise."),
    "hole_ends": (
        "The hole ends the moment a player turns up or replaces their LAST face-down card, so "
        "that all %(size)s of their cards are face up."
    ),
    "last_turns": ("Play goes on clockwise; every other player gets ONE LAST TURN to respond."),
    "scored": (
        "After the last turns every player turns up the remaining face-down cards of their grid"
        " and works out the score of the hole."
    ),
    "ender": (
        "Under the standard rules the player who ended the hole gets no bonus or penalty; in the "
        "optional ‘knock’ variant, however, they get %(penalty)s penalty points if they do not "
        "have the lowest score of the hole."
    ),
    "score_columns": (
        "For each column of your grid (the card in the top row and the card in the bottom row),"
        " look for column pairs: if the two cards in a column have the same rank, they BOTH "
        "count as %(pair)s points for that column."
    ),
    "score_values": (
        "Otherwise, add up the point values of the two cards in the column: Ace=%(ace)s, "
        "%(two)s-%(nine)s=face value, %(ten)s/J/Q=%(ten_value)s, King=%(king)s, "
        "Joker=%(joker)s."
    ),
    "three_columns": ("Add up your three column scores for the final score of the hole."),
    "negative": (
        "The lowest total is best for the hole; negative totals are possible if your grid holds"
        " Kings (%(king)s), column pairs (%(pair)s) and Jokers (%(joker)s)."
    ),
    "scoreboard": ("Write down each player's score for the hole on a %(holes)s-hole scorecard."),
    "winning": (
        "After the agreed number of holes (%(holes)s is standard, although %(long)s is popular "
        "for a longer match) you add up each player's hole scores. The lowest cumulative score "
        "wins the match. Ties can be broken by playing an extra hole, or settled amicably."
    ),
    "four_card": (
        "%(four)s-Card Golf (Polish Polka / Polish Poker): %(four)s cards in a "
        "%(rows)sx%(columns)s grid. Quicker rounds; fewer chances for column pairs. %(min)s "
        "to %(max)s players."
    ),
    "nine_card": (
        "%(nine)s-Card Golf: %(nine)s cards in a %(rows)sx%(columns)s grid. A column cancels"
        " only when all three of its cards are alike. The hole ends when a player turns up all"
        " %(nine)s cards. A longer, richer version for %(min)s to %(max)s players."
    ),
    "peek": (
        "Peek variant (%(four)s cards): at the start of the hole players secretly look at "
        "%(up)s cards of their grid (instead of turning them up)."
    ),
    "cut": "Shuffle the deck (or both decks). The player to the dealer's right cuts.",
    "play_heading": "Play (%(six)s-Card Golf)",
    "title": "How to play %(six)s-Card Golf",
    "play_title": "Play %(six)s-Card Golf",
    "glossary_polish": "Polish Polka / Polish Poker: regional names for %(four)s-Card Golf.",
    "glossary_knock": (
        "Knock: in the optional knock variant, a player's signal to end the hole once every "
        "other player has had one more turn."
    ),
    "knock": (
        "Knock variant: any player may signal the end of the hole by knocking; the others get "
        "one last turn. The knocker gets %(penalty)s penalty points if they do not have the "
        "lowest score."
    ),
    "no_jokers": (
        "No-Jokers variant: the Jokers are left out; a pure game with %(deck)s cards, slightly "
        "higher average scores per hole."
    ),
    "double_deck": (
        "Double-deck variant: use two decks of %(deck)s cards (plus Jokers) for %(from)s or "
        "more players, so that the stock runs out less quickly and column pairs are more "
        "frequent."
    ),
    "wild_twos": (
        "Wild Twos: Twos count %(wild)s instead of %(plain)s (which makes them semi-Jokers); "
        "sometimes used in family games."
    ),
    "row_rule": (
        "Row cancelling: a house rule in which cards of equal rank in the same ROW also "
        "cancel (not only those in the same column); more forgiving, but it changes the "
        "positional strategy."
    ),
    "tip_pairs": (
        "Give column pairs priority. Two Jacks in one column score %(together)s points; two "
        "Jacks in different columns score %(apart)s points."
    ),
    "tip_kings": (
        "Keep Kings. A King on its own is %(king)s; a King paired with another King is still "
        "%(pair)s, but it also blocks the column. Kings are safe to keep."
    ),
    "tip_jokers": (
        "Jokers are gold. Each is worth %(joker)s. Two Jokers in a column are a pair like any "
        "other and score %(pair)s on this page (some house rules keep them at "
        "%(pair_of_jokers)s). Always take a Joker from the discard pile."
    ),
    "tip_high": (
        "Replace high cards first. A %(ten)s, Jack or Queen in your grid is %(ten_value)s "
        "points of dead weight unless you can pair it."
    ),
    "tip_unknown": (
        "Weigh the risk of unknown cards. A face-down card can be anything; on average it is "
        "about %(about)s points, but it can also be %(high)s or a Joker. Turn cards over with "
        "care."
    ),
    "tip_watch": (
        "Watch your opponents' visible grids. If they already have two Queens face up, the "
        "remaining Queens are more likely to be in the stock or among their own face-down cards."
    ),
    "tip_end": (
        "Go out only when you are confident that your score is hard to beat in one last turn; "
        "do not go out too early with a high score."
    ),
    "tip_anti_stall": (
        "Remember the anti-stall rule: a card taken from the discard pile MUST go into your "
        "grid; you cannot put it straight back."
    ),
    "tips_measured": (
        "What a tip is worth was measured in play: a strong computer player that follows every "
        "tip against the same player ignoring one tip, or doing its opposite, heads-up, "
        "%(deals)s deals for each tip, each played twice with the seats swapped."
    ),
    "tip_pairs_worth": (
        "Measured: against a player who knows the pair rule but does not play for pairs, the "
        "tip makes no measurable difference; against one who does not know the rule, it is "
        "worth about %(reversed)s points a hole."
    ),
    "tip_kings_worth": (
        "Measured: a player who counts a King at its %(king)s points keeps Kings anyway; "
        "against one who replaces them like picture cards, the tip is worth about "
        "%(reversed)s points a hole."
    ),
    "tip_jokers_worth": (
        "Measured: a player who judges a Joker on the discard pile by its points, like any "
        "other card, takes it too and scored exactly the same in every deal; against one who "
        "never takes one, the tip is worth about %(reversed)s points a hole."
    ),
    "tip_high_worth": (
        "Measured: against a player who puts a card in the first place where it helps, "
        "whatever it replaces, the tip is worth about %(worth)s points a hole; against one "
        "who puts it where it helps least, about %(reversed)s points."
    ),
    "tip_unknown_measured": (
        "Measured: the face-down cards a strong computer player chose to turn up, %(cards)s of "
        "them, were worth %(about)s points on average."
    ),
    "tip_watch_worth": (
        "Measured: against a player who counts only the cards face up on the table now, the "
        "tip is worth about %(worth)s points a hole; against one who counts only its own "
        "cards, it makes no measurable difference."
    ),
    "tip_end_worth": (
        "Measured: against a player who goes out as soon as its expected score is below the "
        "others' as their grids stand, the tip is worth about %(worth)s points a hole; "
        "against one who goes out whenever it can, about %(reversed)s points."
    ),
    "glossary_grid": (
        "Grid: your own layout of face-down (later face-up) cards, usually %(rows)s rows by "
        "%(columns)s columns (%(six)s-Card Golf)."
    ),
    "glossary_hole": (
        "Hole: one complete deal and round; a match usually consists of %(holes)s holes."
    ),
    "glossary_pair": (
        "Column pair: two cards of the same rank in the same column of your grid; they score "
        "%(pair)s."
    ),
    "glossary_replace": (
        "Replace: put the card you drew into your grid in place of one of your cards, which "
        "goes to the discard pile."
    ),
    "glossary_turn_up": (
        "Turn up: turn a face-down grid card face up instead of using the card you drew (only "
        "after discarding a card drawn from the stock)."
    ),
    "stock_out": (
        "When the stock runs out, the discard pile except its top card is shuffled to make a "
        "new stock."
    ),
    "nine_up": ("At the start each player turns up %(up)s of their cards."),
    "knock_when": (
        "You knock instead of drawing, on any of your turns, the first included; a tie for the "
        "lowest score is not the lowest, so a knocker who ties is penalised too."
    ),
    "row_pairs": ("Two equal cards in a row are enough; the row's third card still counts."),
}
"""The page's sentences that state a rule (English msgids, as the template has them)."""
