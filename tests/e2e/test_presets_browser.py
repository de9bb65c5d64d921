"""Issue 50: the new-event form's presets in Chromium, in French, on a phone (390 px) and a
full-HD screen: each preset applied without JavaScript (the "Apply" button reloads the form
filled in) and in place with it (what is typed stays), the tiebreak hint following the scoring
system chosen, no sideways scroll. Screenshots of the form with each preset."""

from __future__ import annotations

import pytest

from accounts.models import User
from tournaments.events import presets
from tournaments.models import Event

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

PASSWORD = "pw-organizer-presets-1"
SIZES = {"phone": (390, 844), "screen": (1920, 1080)}


def logged_in_page(browser, base, size, *, javascript=True):
    width, height = size
    context = browser.new_context(
        viewport={"width": width, "height": height}, locale="fr-CA", java_script_enabled=javascript
    )
    page = context.new_page()
    page.set_default_timeout(15_000)
    page.goto(f"{base}/accounts/login/")
    page.fill("input[name=username]", "ginette@example.org")
    page.fill("input[name=password]", PASSWORD)
    page.click("main button[type=submit]")
    page.wait_for_url(lambda url: "/accounts/login/" not in url)
    return page


def chosen(page, name) -> str:
    return page.eval_on_selector(f"#event-form input[name={name}]:checked", "e => e.value")


def hint(page) -> str:
    return page.inner_text("#id_tiebreaks-set p.hint")


@pytest.mark.parametrize("size", list(SIZES))
def test_each_preset_applied_without_javascript(live_server, browser, shot, size):
    User.objects.create_user("ginette@example.org", PASSWORD, display_name="Ginette")
    page = logged_in_page(browser, live_server.url, SIZES[size], javascript=False)
    page.goto(f"{live_server.url}/organize/new/")
    fadoq_hint = hint(page)
    for key, preset in presets.PRESETS.items():
        page.check(f"input[name=preset][value={key}]")
        page.click("#presets button[type=submit]")
        page.wait_for_url(f"**/organize/new/?preset={key}")
        values = preset.values
        for name in ("rule_set", "movement", "scoring_system", "visibility", "confirmation"):
            assert chosen(page, name) == values[name], (key, name)
        assert page.input_value("#id_number_of_games") == str(values["number_of_games"])
        chain = [page.input_value(f"#id_tiebreaks_{i}") for i in range(3)]
        assert [k for k in chain if k] == values["tiebreaks"][:3], key
        assert (hint(page) == fadoq_hint) == (values["scoring_system"] == "fadoq"), key
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), key
        shot(page, f"presets-{key}-{size}")
    # The last one applied, saved with a name and a date: the event has its values.
    page.fill("#id_name", "Soirée Légion")
    page.fill("#id_date", "2027-01-12")
    page.click("#event-form button[type=submit]")
    page.wait_for_url("**/teams/")
    event = Event.objects.get(name="Soirée Légion")
    assert (event.rule_set, event.scoring_system) == ("FOUR_PLAYER_PARTNERS", "fadoq")


def test_a_preset_fills_the_form_in_place_and_the_hint_follows(live_server, browser, shot):
    User.objects.create_user("ginette@example.org", PASSWORD, display_name="Ginette")
    page = logged_in_page(browser, live_server.url, SIZES["phone"])
    page.goto(f"{live_server.url}/organize/new/")
    page.fill("#id_name", "Soirée du mardi")
    fadoq_hint = hint(page)
    page.check("input[name=preset][value=acc_club_night]")
    # Filled in place, without leaving the page: what was typed stays.
    assert page.input_value("#id_name") == "Soirée du mardi"
    assert page.input_value("#id_number_of_games") == "9"
    # "Apply" pressed as well, out of habit: the page is not reloaded, the name stays.
    page.click("#presets button[type=submit]")
    assert page.input_value("#id_name") == "Soirée du mardi"
    assert page.evaluate("document.activeElement.id") == "id_name"
    assert chosen(page, "movement") == "random_draw"
    assert chosen(page, "scoring_system") == "game_points"
    assert chosen(page, "visibility") == "live"
    assert page.input_value("#id_tiebreaks_2") == "head_to_head"
    game_points_hint = hint(page)
    assert game_points_hint != fadoq_hint
    # Changed afterwards by hand: the hint follows the system chosen (a club night is singles:
    # the hint speaks of players).
    page.check("#event-form input[name=scoring_system][value=wins]")
    assert hint(page).endswith("(Écart de points, Tirage au sort).")
    page.check("#event-form input[name=scoring_system][value=fadoq]")
    assert "joueurs" in hint(page) and "équipes" not in hint(page)
    assert hint(page).split("(")[-1] == fadoq_hint.split("(")[-1]  # FADOQ's own order
    # What a bye is worth is asked in the system's terms: points for FADOQ, a win otherwise.
    assert page.is_visible("#id_bye_points") and not page.is_visible("#id_bye_counts_as_win")
    page.check("#event-form input[name=scoring_system][value=game_points]")
    assert page.is_visible("#id_bye_counts_as_win") and not page.is_visible("#id_bye_points")
    assert page.is_checked("#id_bye_counts_as_win")  # the club night's way
    page.fill("#id_number_of_games", "6")
    page.fill("#id_date", "2027-01-12")
    shot(page, "presets-club-night-in-place")
    page.click("#event-form button[type=submit]")
    page.wait_for_url("**/teams/")
    event = Event.objects.get(name="Soirée du mardi")
    assert (event.number_of_games, event.movement, event.visibility) == (6, "random_draw", "live")
    assert event.tiebreaks == ["wins", "spread", "head_to_head"]
    assert event.bye_counts_as_win


def entry_words(page) -> dict:
    """What the form says where pairs and singles differ."""
    return {
        "confirmation": page.inner_text(
            "label:has(> input[name=confirmation][value=both_captains])"
        ),
        "bye_points": page.inner_text("div:has(> #id_bye_points) > p.hint"),
        "seed": page.inner_text("div:has(> label > #id_seed_by_rating) > p.hint"),
        "playoff": page.inner_text("#id_playoff_format-set > legend"),
        "playoff_choice": page.inner_text(
            "label:has(> input[name=playoff_format][value=round_robin])"
        ),
        "tiebreaks": hint(page),
    }


@pytest.mark.parametrize("size", list(SIZES))
def test_the_words_follow_the_entry_chosen_before_the_save(live_server, browser, shot, size):
    """Issue 50's leftover: choosing singles changed the form's words (no captains, players
    tied) only once the page came back from the server. Now they change as soon as the entry
    is chosen, and what the page then says is what the server says after the save."""
    User.objects.create_user("ginette@example.org", PASSWORD, display_name="Ginette")
    page = logged_in_page(browser, live_server.url, SIZES[size])
    page.goto(f"{live_server.url}/organize/new/")
    pairs = entry_words(page)
    assert "capitaines" in pairs["confirmation"] and "l'équipe" in pairs["bye_points"]
    assert "équipes" in pairs["playoff"] and "équipes" in pairs["tiebreaks"]
    page.check("#event-form input[name=entry][value=singles]")
    singles = entry_words(page)
    assert singles["confirmation"] == "Les deux joueurs (ou un officiel)"
    assert singles["bye_points"] == "Vide\u00a0: la moyenne du joueur sur ses parties."
    assert singles["playoff"] == "Barrage entre trois joueurs ou plus à égalité"
    assert singles["playoff_choice"] == "Tournoi à la ronde entre les joueurs à égalité"
    assert "joueurs" in singles["seed"] and "équipe" not in singles["seed"]
    assert "joueurs" in singles["tiebreaks"] and "équipes" not in singles["tiebreaks"]
    assert chosen(page, "confirmation") == "both_captains"  # the choice itself stays
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    shot(page, f"event-form-singles-{size}")
    page.check("#event-form input[name=entry][value=pairs]")
    assert entry_words(page) == pairs
    page.check("#event-form input[name=entry][value=singles]")
    page.check("#event-form input[name=rule_set][value=STANDARD_2P_121]")  # singles: two-handed
    page.fill("#id_name", "Simple du jeudi")
    page.fill("#id_date", "2027-01-14")
    page.click("#event-form button[type=submit]")
    page.wait_for_url("**/teams/")
    event = Event.objects.get(name="Simple du jeudi")
    assert event.entry == "singles"
    page.goto(f"{live_server.url}/organize/{event.slug}/settings/")
    assert entry_words(page) == singles  # the server's words are the ones the page showed
