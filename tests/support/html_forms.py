"""Read the POST forms of a rendered page as a browser would submit them unchanged."""

from __future__ import annotations

from dataclasses import dataclass, field
from html.parser import HTMLParser


@dataclass
class HtmlForm:
    action: str
    fields: list[tuple[str, str]] = field(default_factory=list)
    names: set[str] = field(default_factory=set)  # every named control, sent or not

    def data(self) -> dict[str, list[str]]:
        out: dict[str, list[str]] = {}
        for name, value in self.fields:
            out.setdefault(name, []).append(value)
        return out


class _FormParser(HTMLParser):
    def __init__(self, page_url: str):
        super().__init__(convert_charrefs=True)
        self.page_url = page_url
        self.forms: list[HtmlForm] = []
        self._form: HtmlForm | None = None
        self._select: tuple[str, list[str], list[str]] | None = None  # name, selected, all
        self._textarea: list | None = None
        self._option: str | None = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "form" and (a.get("method") or "get").lower() == "post":
            self._form = HtmlForm(a.get("action") or self.page_url)
        form = self._form
        if form is None:
            return
        name, disabled = a.get("name"), "disabled" in a
        if tag == "input" and name:
            form.names.add(name)
            kind = (a.get("type") or "text").lower()
            if disabled or kind in ("submit", "button", "file", "image", "reset"):
                return
            if kind in ("checkbox", "radio") and "checked" not in a:
                return
            form.fields.append((name, a.get("value", "on" if kind == "checkbox" else "")))
        elif tag == "textarea" and name:
            form.names.add(name)
            self._textarea = [name, "", disabled]
        elif tag == "select" and name:
            form.names.add(name)
            self._select = (name, [], [], disabled, "multiple" in a)
        elif tag == "option" and self._select is not None:
            value = a.get("value")
            self._option = value
            if value is not None:
                self._select[2].append(value)
                if "selected" in a:
                    self._select[1].append(value)

    def handle_data(self, data):
        if self._textarea is not None:
            self._textarea[1] += data

    def handle_endtag(self, tag):
        form = self._form
        if tag == "textarea" and self._textarea is not None:
            name, text, disabled = self._textarea
            if not disabled:
                form.fields.append((name, text.removeprefix("\n")))
            self._textarea = None
        elif tag == "select" and self._select is not None:
            name, chosen, every, disabled, multiple = self._select
            if not disabled:
                if not chosen and every and not multiple:
                    chosen = every[:1]  # a browser sends the first option
                form.fields.extend((name, v) for v in chosen)
            self._select = None
        elif tag == "form" and form is not None:
            self.forms.append(form)
            self._form = None


def post_forms(html: str, page_url: str) -> list[HtmlForm]:
    parser = _FormParser(page_url)
    parser.feed(html)
    return parser.forms
