"""A complete, hand-checked four-handed sheet: side A reaches 121 with the dealer's hand of
deal 6. Totals after each deal (A–B): 20–8, 33–28, 53–39, 69–61, 92–79, then A wins 121–85."""

from copy import deepcopy

DEALS = [
    # dealer, heels, pegging (a, b), hands in show order, crib
    {
        "dealer": "a",
        "heels": False,
        "pegging": {"a": 4, "b": 2},
        "hands": [4, 8, 2, 6],
        "crib": 2,
    },  # A: 4 + 8 + 6 + 2 = 20; B: 2 + 4 + 2 = 8
    {
        "dealer": "b",
        "heels": True,
        "pegging": {"a": 3, "b": 5},
        "hands": [6, 4, 4, 7],
        "crib": 2,
    },  # A: 3 + 6 + 4 = 13 (33); B: 2 + 5 + 4 + 7 + 2 = 20 (28)
    {
        "dealer": "a",
        "heels": False,
        "pegging": {"a": 2, "b": 1},
        "hands": [4, 12, 6, 4],
        "crib": 2,
    },  # A: 2 + 12 + 4 + 2 = 20 (53); B: 1 + 4 + 6 = 11 (39)
    {
        "dealer": "b",
        "heels": False,
        "pegging": {"a": 4, "b": 6},
        "hands": [8, 10, 4, 4],
        "crib": 2,
    },  # A: 4 + 8 + 4 = 16 (69); B: 6 + 10 + 4 + 2 = 22 (61)
    {
        "dealer": "a",
        "heels": False,
        "pegging": {"a": 5, "b": 3},
        "hands": [6, 10, 9, 8],
        "crib": 0,
    },  # A: 5 + 10 + 8 = 23 (92); B: 3 + 6 + 9 = 18 (79)
    {
        "dealer": "b",
        "heels": False,
        "pegging": {"a": 7, "b": 2},
        "hands": [12, 4, 12],
        "crib": None,
    },  # A: 92 + 7 = 99, + 12 = 111 (hand 1); B: 79 + 2 + 4 = 85;
    #                   A: 111 + 12 (hand 3) = 123 -> 121: A wins, B's hand 4 and crib not counted
]


def sheet(changes: dict | None = None) -> dict:
    """The sheet, with ``{(deal_index, key): value}`` changes."""
    deals = deepcopy(DEALS)
    for deal in deals:
        if deal["crib"] is None:
            del deal["crib"]
    for (index, key), value in (changes or {}).items():
        deals[index][key] = value
    return {"deals": deals}
