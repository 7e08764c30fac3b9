"""One register per language (issue 32), checked in every catalog and every player's rules file:

- Russian and Bulgarian address the player with the plural «вы»/«вие» in lower case, as ordinary
  text does: no capitalised «Вы/Вас/Ваш…» or «Вие/Вас/Ви/Ваш…» in the middle of a sentence, nor at
  the start of a message whose English starts in lower case (it is said inside another sentence;
  `Lang.say` capitalises a "you" message that stands alone).
- Bulgarian drops the pronoun: no sentence opens with a redundant «Вие» + verb («Пасувате.»,
  not «Вие пасувате.»); «Вие и {partner} …» and «Вие сте …» need it and stay.
- Spanish speaks to the player with «tú»: no «usted» and none of its commands or verb forms.
- German says «du» (as Swiss and German game rooms do): no polite «Sie/Ihnen/Ihr…» anywhere
  (a capital «Sie» opens no sentence either: «Die Karte ging …», not «Sie ging …», so that it
  can never be read as the polite form), and «du/dich/dir/dein…» in lower case mid-sentence.
  German is written the Swiss way, with «ss» for «ß» (docs/glossary/de.md).

docs/glossary/README.md states the rule; tests/test_terms.py checks the words themselves."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from babel.messages.pofile import read_po

from cardhall.core.i18n import DOMAINS, LOCALE_DIR

GAMES = LOCALE_DIR.parent / "games"
PLACEHOLDER = re.compile(r"\{[^{}]*\}")
YOU = {"ru": r"(?:Вы|Вас|Вам|Вами|Ваш[а-яё]*)", "bg": r"(?:Вие|Вас|Вам|Ви|Ваш[а-я]*)"}
USTED = re.compile(r"(?i:\b(?:usted(?:es)?|quería decir|su dirección)\b)"
                   r"|(?:^|[.!?:¿]\s*)(?:Pulse|Escriba|Elija|Seleccione|Introduzca|Espere|Juegue|Vuelva|Haga|Intente|Compruebe|Use"
                   r"|Utilice|Indique|Inicie|Cierre|Abra|Invite|Pruebe|Consulte|Regístrese|Siéntese|Únase|Conéctese)\b"
                   r"|;\s*(?:puede|podrá)\s+(?:crear|enviar|escribir|volver|invitar|pedir|denunciar|jugar|entrar)\b"
                   r"|(?i:\b(?:envíe|inténte|compruébe|pruébe|escríba|elíja|cópie|úse|indíque|cámbie|guárde"
                   r"|bórre|ábra|ciérre|dígame|díga)l[oa]s?\b)"
                   r"|(?i:\bya es anfitrión\b)")
"""«usted», and its commands where a sentence starts («elija» inside a sentence is a subjunctive);
«su dirección» (the reader's address is «tu dirección»), «puede/podrá» + one of the reader's own
actions opening a clause («…; puede crear otro…» is «puedes»), an usted command with its pronoun
(«envíelo», «inténtelo»: tú says «envíalo», «inténtalo») and «ya es anfitrión» (the reader: «ya eres»)."""


def texts(code: str) -> Iterator[tuple[str, str, str]]:
    """(where, English, translation) for every translation of `code` and every line of its rules."""
    for domain in DOMAINS:
        with (LOCALE_DIR / code / "LC_MESSAGES" / f"{domain}.po").open("rb") as f:
            catalog = read_po(f, locale=code, domain=domain)
        for m in catalog:
            if not m.id or m.context == "card name":  # a printed card's name («Escriba») is a name
                continue
            english = m.id if isinstance(m.id, str) else m.id[0]
            for s in [m.string] if isinstance(m.string, str) else m.string:
                if s:
                    yield f"{code}/{domain}: {english!r}", english, PLACEHOLDER.sub("⟨⟩", s)
    for path in sorted(GAMES.glob(f"*/rules/*.{code}.md")):
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            yield f"{path.relative_to(GAMES)}:{n}", "", line


def mid_sentence(code: str) -> re.Pattern[str]:
    """A capitalised polite "you" after a word, a comma, a closing mark or inside a bracket («(Вы …»)."""
    return re.compile(rf"(?:[\w,)»\-]\s+|\(){YOU[code]}\b")


@pytest.mark.parametrize("code", ["ru", "bg"])
def test_the_polite_you_is_in_lower_case_inside_a_sentence(code):
    inside = mid_sentence(code)
    opening = re.compile(rf"^{YOU[code]}\b")
    wrong = [f"{where} → {text!r}" for where, english, text in texts(code)
             if inside.search(text) or (english[:1].islower() and opening.match(text))]
    assert not wrong, "\n".join(wrong)


BG_VIE_VERB = re.compile(r"(?:^|[;:]\s+)вие\s+(?:не\s+)?(?:[а-я]+(?:ате|яте|ите|ете)|имате|нямате)\b")
"""A lower-case «вие» + verb opening a clause after «;» or «:» (or a message said inside another):
the verb says who («нямате {card}»); where «вие» is the point it comes last («раздавате вие»)."""


def test_bulgarian_drops_the_redundant_pronoun():
    opens = re.compile(r"(?:^|[.!?]\s+)Вие\s+(?!и\b|сте\b)")
    wrong = [f"{where} → {text!r}" for where, _, text in texts("bg") if opens.search(text) or BG_VIE_VERB.search(text)]
    assert not wrong, "\n".join(wrong)
    assert BG_VIE_VERB.search("вие нямате QS; вашите карти са …") and BG_VIE_VERB.search("Масата е празна; вие започвате.")
    assert not BG_VIE_VERB.search("Масата е празна; започвате вие.") and not BG_VIE_VERB.search("вие 12 точки")


BG_TI_WORDS = "|".join((
    "блокирай", "отблокирай", "включи", "заглуши", "запази", "затвори", "играй", "изпрати", "изпълни", "кажи", "копирай",
    "откажи", "отмени", "отстрани", "оттегли", "подай", "попълни", "потвърди", "премахни", "приеми", "седни", "натисни",
    "избери", "напиши", "влез", "излез", "виж", "чакай", "изчакай", "продължи", "създай", "смени", "върни", "отиди",
    "започни", "пусни", "спри", "докладвай", "опитай", "въведи", "дай", "покани", "запиши", "напусни", "присъедини",
    "регистрирай", "гледай", "отваряй", "затваряй", "пиши",
    "вземи", "остави", "прочети", "повтори", "изброй", "провери", "добави", "махни"))
CLAUSE = r"(?:^|[.!?;:—)]\s+|«|\()"
BG_TI = re.compile(CLAUSE + r"(?i:(" + BG_TI_WORDS + r"))(?!\w)")
"""Bulgarian imperatives of «ти» opening a clause (inside one, «да запази», «ви отстрани» are other
forms of the same verbs): the room says «вие» (issue 46: «Играй сега» beside «Сменете езика»)."""
BG_VIE = re.compile(CLAUSE + r"[А-Я]?[а-я]+(?:ете|ите|йте)(?!\w)")
BG_TI_AFTER_VIE = re.compile(r"(?:,|\sили|\sи)\s+(?i:(" + BG_TI_WORDS + r"))(?!\w)")
"""A «ти» imperative joined to a «вие» one: «Приемете и седни»."""


def bg_ti(english: str, text: str) -> bool:
    """Whether `text` tells the reader what to do with «ти»; «Покани» is also the plural of
    «покана» (invitations), an imperative only where the English invites."""
    found = {m.group(1).lower() for m in BG_TI.finditer(text)}
    if BG_VIE.search(text):
        found |= {m.group(1).lower() for m in BG_TI_AFTER_VIE.finditer(text)}
    if found == {"покани"} and not english.startswith(("Invite", "invite", "Ask", "ask")):
        return False
    return bool(found)


BG_VASH_FOR_SVOY = re.compile(r"(?<![а-я])[а-я]+(?:ате|ете|ите|яте)\s+ваш(?:ия|ата|ите|ето|ият)(?![а-я])", re.IGNORECASE)
"""«Завършвате вашия ред»: the reader's own thing after their own verb is «своя»/«си» («Приключвате своя ред»)."""


def test_bulgarian_says_svoy_after_the_readers_own_verb():
    assert BG_VASH_FOR_SVOY.search("Завършвате вашия ред.") and not BG_VASH_FOR_SVOY.search("Приключвате своя ред.")
    wrong = [f"{where} → {text!r}" for where, _, text in texts("bg") if BG_VASH_FOR_SVOY.search(text)]
    assert not wrong, "\n".join(wrong)


BG_MOZHE = re.compile(r"(?<![а-я])[Мм]оже да (?!се\b)[а-я]+(?:ате|яте|ите|ете)(?![а-я])")
"""«може да обявите» (the impersonal «може» before a «вие» verb) for «можете да обявите»."""


def test_bulgarian_says_vie_to_the_reader_every_time():
    wrong = [f"{where} → {text!r}" for where, english, text in texts("bg")
             if bg_ti(english, text) or BG_MOZHE.search(text)]
    assert not wrong, "\n".join(wrong)
    assert BG_MOZHE.search("Може да обявите 3 или да пасувате.") and not BG_MOZHE.search("Можете да обявите 3.")
    assert not BG_MOZHE.search("не може да се прочете") and not BG_MOZHE.search("той може да играе")


def test_the_check_catches_a_ti_imperative():
    assert bg_ti("Play now", "Играй сега") and bg_ti("Accept and sit", "Приемете и седни")
    assert bg_ti("Mute, ban or kick", "Заглушете, изгони или отстрани човек")
    assert bg_ti("Open one a day", "Всеки ден (UTC) отваряй по едно състезание")
    assert bg_ti("Join this event", "Запиши се за състезанието") and bg_ti("Withdraw", "Откажи участие")
    assert not bg_ti("", "модератор ви отстрани от тази маса") and not bg_ti("", "трябва да запази картите си")
    assert not bg_ti("Play now", "Играйте сега") and not bg_ti("Invitations and messages", "Покани и съобщения")


SIE = re.compile(r"\b(?:Sie|Ihnen|Ihr(?:e[mnrs]?)?)\b")
"""The polite German «Sie» and its forms, capitalised (lower-case «sie»/«ihr» are she, they, her)."""
DU_CAPITAL = re.compile(r"[\w,)»]\s+(?:Du|Dich|Dir|Dein[emnrs]?)\b")
"""«Du» capitalised mid-sentence (the letter style): game screens write «du» in lower case."""


def test_german_says_du_not_sie():
    wrong = [f"{where} → {text!r}" for where, _, text in texts("de") if SIE.search(text) or DU_CAPITAL.search(text)]
    assert not wrong, "\n".join(wrong)


def test_german_is_written_the_swiss_way():
    wrong = [f"{where} → {text!r}" for where, _, text in texts("de") if "ß" in text]
    assert not wrong, "\n".join(wrong)


GERMAN_TRANSLATED = {
    re.compile(r"\bzugeben\b|\bzugegeben\b"): "following suit is «angeben» in Jass («zugeben» is Skat's word)",
    re.compile(r"\bTrumpf geben\b"): "one «gibt Trumpf an» (follows trump); «Trumpf geben» is no phrase",
    re.compile(r"\beinmal herum\b"): "an offer goes «einmal reihum»",
    re.compile(r"\bim Seed\b|\bin the seed\b"): "the rules the game follows are «das Regelbuch», not «der Seed»",
    re.compile(r"\bKarten? (?:\w+ ){0,3}verteil(?:t|en)\b|\bVerteilen und\b"):
        "cards are «gegeben» (geben, Geber), not «verteilt»",
    re.compile(r"\bliegt vorn\b|\bliegst vorn\b"): "the trick is «im Moment hat X den Stich»",
    re.compile(r"\b(?:das|ein|im) Nachspiel\b"): "«Nachspiel» is an aftermath; a replayed game is «nachgespielt»",
    re.compile(r"\b(?:ist|sind) nicht eine?\b"): "German negates a noun with «kein»: «ist keine Karte»",
    # a card's name has its own gender («Herz-König», «Pik-Dame»): no pronoun may stand for a {card}
    re.compile(r"⟨⟩, (?:die|den|das) du |⟨⟩[^.;:?!]*\b(?:und|also) (?:\w+ ){0,3}(?:sie|ihn)\b"):
        "a pronoun for a card whose gender is not known («…, die du gezogen hast», «darfst sie»): name the card",
    # review1 (events, lobby): a form label and a drawer read as translated
    re.compile(r"\bwährend \(|\bwährend$"): "«während» wants its time («während 24 Stunden»); a label says «Dauer (Stunden)»",
    re.compile(r"\bFeld schliessen\b"): "a «Feld» is a form field; the lobby's drawer is «die Seitenleiste»",
    re.compile(r"; dann schliesst\b"):
        "a hint under «Dauer (Stunden)» says «so lange bleibt das Turnier offen», not «dann…» (\"then\")",
    re.compile(r"(?i:\bvorbei seit\b)"): "a finished event is «beendet am ⟨time⟩» (a date), not «vorbei seit» (\"over since\")",
    re.compile(r"(?::|\bsobald) (?:ihre|seine) Äpfel\b"):
        "English «its apples» read as «ihre/seine Äpfel» (whose?): «die Äpfel und Putze dieser Runde»",
    re.compile(r"\beinen von:|\bBauten nehmen\b"):
        "«several builds take {cards}; one of:» is «mit ⟨⟩ sind mehrere Bauten möglich; zur Wahl:»",
}
"""German that reads as translated, found by the native review (docs/glossary/de.md, «Native review»)."""


def test_german_reads_as_a_card_player_writes():
    wrong = [f"{where} → {text!r}: {why}" for where, _, text in texts("de")
             for pattern, why in GERMAN_TRANSLATED.items() if pattern.search(text)]
    assert not wrong, "\n".join(wrong)


def test_the_german_check_catches_what_the_review_fixed():
    said = ["der Puur muss nie zugegeben werden", "also musst du Trumpf geben", "das Angebot geht einmal herum",
            "(im Seed aus)", "Die Karten sind verteilt.", "## Verteilen und Trumpf", "Nord liegt vorn.",
            "das Nachspiel endet mit dem Stand ⟨⟩", "⟨⟩ ist nicht eine Karte",
            "aber nicht ⟨⟩, die du gezogen hast.", "Du hast ⟨⟩ gezogen und darfst sie nicht zurückgeben.",
            "Offen während (Stunden)", "Das Feld schliessen", "höchstens ⟨⟩; dann schliesst das Turnier.",
            "mehrere Bauten nehmen ⟨⟩; schreib den ganzen Bau, einen von: ⟨⟩",
            "ein Spiel mit nur einer Runde: ihre Äpfel und Putze", "Vorbei seit ⟨⟩.",
            "das Spiel endet, sobald ihre Äpfel und Putze gezählt sind"]
    assert all(any(p.search(s) for p in GERMAN_TRANSLATED) for s in said)
    fine = ["Den Puur muss man nie angeben", "gib Trumpf an", "einmal reihum", "Die Karten sind gegeben.",
            "verteilt auf die Optionen unten", "Im Moment hat Nord den Stich.", "Dauer (Stunden)",
            "während 24 Stunden offen", "Die Seitenleiste schliessen", "im Feld «Dein Name»",
            "höchstens ⟨⟩; so lange bleibt das Turnier offen.", "mit ⟨⟩ sind mehrere Bauten möglich; zur Wahl: ⟨⟩",
            "sobald die Äpfel und Putze dieser Runde gezählt sind", "Nord zählt seine Punkte", "Beendet am ⟨⟩."]
    assert not any(p.search(s) for p in GERMAN_TRANSLATED for s in fine)


def test_the_checks_catch_sie_and_a_capital_du():
    assert SIE.search("Bitte wählen Sie eine Karte.") and SIE.search("Ihr Name") and SIE.search("Ihnen fehlt Trumpf")
    assert DU_CAPITAL.search("Jetzt bist Du dran.") and DU_CAPITAL.search("Das ist Dein Stich.")
    assert not SIE.search("Du bist dran; sie spielt aus und ihr gewinnt.") and not DU_CAPITAL.search("Du bist dran.")


def test_spanish_says_tu_not_usted():
    wrong = [f"{where} → {text!r}" for where, _, text in texts("es") if USTED.search(text)]
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize(("code", "text", "english"), [
    ("ru", "Какие карты Вы берёте?", "Which cards do you take?"),
    ("ru", "Вы должны пасовать", "you must pass"),
    ("bg", "Ако Вие спечелите…", "If you win…"),
    ("ru", "Торги (Вы начинаете): ставок пока нет.", "Bidding (you start): no bids yet."),
    ("bg", "Наддаване (Вие сте първи): …", "Bidding (you start): …"),
])
def test_the_checks_catch_a_capitalised_you(code, text, english):
    caught = mid_sentence(code).search(text) or (english[:1].islower() and re.match(rf"^{YOU[code]}\b", text))
    assert caught, text


def test_the_checks_catch_usted_and_a_redundant_vie():
    assert USTED.search("¿quería decir hearts?") and USTED.search("Pulse Intro para jugar.")
    assert not USTED.search("¿querías decir hearts? Pulsa Intro para jugar, salvo que la partida elija otra.")
    assert USTED.search("demasiados invitados desde su dirección") and USTED.search("como mucho 60; puede crear otro")
    assert not USTED.search("no se puede leer QS; puedes crear otro") and not USTED.search("solo un moderador puede hacer esto")
    assert USTED.search("no corresponde a este juego; envíelo tal como lo envió la sala") and USTED.search("Inténtelo de nuevo.")
    assert not USTED.search("envíalo tal como lo envió la sala; inténtalo de nuevo; escríbelo y pulsa Intro")
    assert USTED.search("ya es anfitrión de 3 mesas sin terminar") and not USTED.search("ya eres anfitrión de 3 mesas")
    assert USTED.search("La sesión ha terminado. Inicie sesión de nuevo.") and USTED.search("Siéntese primero.")
    assert not USTED.search("la sesión ha terminado; inicia sesión de nuevo. Siéntate primero; únete a la mesa.")
    opens = re.compile(r"(?:^|[.!?]\s+)Вие\s+(?!и\b|сте\b)")
    assert opens.search("Вие пасувате.") and not opens.search("Пасувате. Вие и Ана печелите.")


def test_the_rules_files_are_read_too():
    assert sum(where.endswith(".md:1") for where, _, _ in texts("ru")) == len(list(GAMES.glob("*/rules/*.ru.md"))) > 0


RU_SLIPS = re.compile(r"(?i:\bне корректн|\bне верн[а-яё]* (?:тело|сообщение|формат)"
                      r"|(?<![а-яё])(?:ид|бер|пришл|сдаст|зайд)ет(?![а-яё])|(?<![а-яё])четверт|(?<![а-яё])сохраненн)")
"""«некорректный», «неверный» are one word before a noun («не корректный JSON» read as a typo);
«идёт», «берёт», «четвёртом», «сохранённый» keep their «ё» (the twin check sees only pairs)."""


def test_russian_slips_a_pattern_can_catch():
    assert RU_SLIPS.search("тело запроса — не корректный JSON") and not RU_SLIPS.search("некорректный JSON")
    assert RU_SLIPS.search("JSON-файл, сохраненный cardhall") and RU_SLIPS.search("на четвертом месте")
    assert not RU_SLIPS.search("сохранённый, на четвёртом; партия сохранена; который выберет")
    wrong = [f"{where} → {text!r}" for where, _, text in texts("ru") if RU_SLIPS.search(text)]
    assert not wrong, "\n".join(wrong)


RU_CALQUES = re.compile(r"(?i:\bдля аккаунтов\b|;\s*тогда [а-яё]+ закрыва|\bтаблица этого турнира\b|\bзасчитаны его\b"
                        r"|^открыт \(часов\))")
"""English read through Russian words (review1, the events and lobby pages): "are for accounts" is
«доступны только с учётной записью»; "; the event closes then" is «по истечении этого времени
турнир закроется», not «тогда…»; "Standings" is «Турнирная таблица»; a label "Open for (hours)"
is «Продолжительность (в часах)», not «Открыт (часов)»; «its apples» is «яблоки и путцы этого
раунда», not «его яблоки» after «игра заканчивается» (whose?)."""


def test_russian_has_no_calques_the_review_found():
    assert RU_CALQUES.search("Друзья и сообщения — для аккаунтов")
    assert RU_CALQUES.search("не больше ⟨⟩; тогда турнир закрывается.")
    assert RU_CALQUES.search("Таблица этого турнира") and RU_CALQUES.search("Открыт (часов)")
    assert RU_CALQUES.search("как только засчитаны его яблоки и путцы")
    assert not RU_CALQUES.search("доступны только с учётной записью; по истечении этого времени турнир закроется. "
                                 "Турнирная таблица. Продолжительность (в часах). Стол открыт (ждёт игроков)")
    wrong = [f"{where} → {text!r}" for where, _, text in texts("ru") if RU_CALQUES.search(text)]
    assert not wrong, "\n".join(wrong)


RU_BARE_NAME = re.compile(r"(?:^|[\s«(])(?:[Сс]о?|[Оо]б?|[Оо]бо|[Кк]о?) \{(?:name|player|seat|partner|owner|winner)\}"
                          r"|[Пп]редложить \{(?:name|player)\} ")
"""A name that Russian must decline, written bare after a preposition («с {name}» wants «с Анной»)
or as the dative before the noun («Предложить {name} дружбу»): a placeholder cannot decline, so
the name follows a noun that does («с игроком {name}», «Предложить дружбу игроку {name}»)."""


def test_russian_never_declines_a_bare_name():
    wrong = []
    for domain in DOMAINS:
        with (LOCALE_DIR / "ru" / "LC_MESSAGES" / f"{domain}.po").open("rb") as f:
            for m in read_po(f, locale="ru", domain=domain):
                for s in [m.string] if isinstance(m.string, str) else m.string:
                    if s and RU_BARE_NAME.search(s):
                        wrong.append(f"ru/{domain}: {s!r}")
    assert not wrong, "\n".join(wrong)
    assert RU_BARE_NAME.search("Что сделать с {name}") and RU_BARE_NAME.search("Предложить {name} дружбу")
    assert RU_BARE_NAME.search("Ваши сообщения с {name}")
    assert not RU_BARE_NAME.search("Что сделать с игроком {name}; Предложить дружбу игроку {name}; с {count} картами")


def test_russian_writes_yo_every_time():
    """«ещё», «счёт», «шестёрка» — never also «еще», «счет», «шестерка» (the key list said «S счет»
    above a «Счёт»). «все»/«всё» are two words and stay apart."""
    words = {w for _, _, text in texts("ru") for w in re.findall(r"[а-яёА-ЯЁ]+", text)}
    twins = {w: w.replace("ё", "е").replace("Ё", "Е") for w in words if "ё" in w.lower()}
    both = sorted(f"{w}/{e}" for w, e in twins.items() if e in words and e.lower() != "все")
    assert not both, both


TU = re.compile(r"(?i:\b(?:tu|toi|te|ton|ta|tes|tien(?:ne)?s?)\b)"
                r"|(?:^|[.!?:]\s*)(?:Choisis|Écris|Prends|Attends|Reviens|Fais|Mets|Appuie sur|Tape)\b")
"""«tu» and its words, and its imperatives where a sentence starts (French says «vous»)."""
NARROW = "\u202f"
FRENCH_SPACE = re.compile(rf"(?<![{NARROW}])[;:!?»](?=\s|$|[»)])|«(?!{NARROW})")
"""A «;», «:», «!», «?» or «»» not preceded by U+202F, or a «« » not followed by it."""
CODE = re.compile(r"`[^`]*`|https?://\S+|pip install \S+|(?:Authorization|Content-Type): [^»)\u202f]*"
                  r"|\(\?|\| \? \||\*\*\?\*\*|[A-Z]{2,}!|\[[^\]]*\]\([^)]*\)")


def french_prose(text: str) -> str:
    """The text without what is typed or linked as it is: commands in backticks, addresses, a pip
    command, an HTTP header, the key «?» in a table or in bold, a printed card name («BOOM!»)."""
    return CODE.sub("⟨⟩", text)


def test_french_says_vous_not_tu():
    wrong = [f"{where} → {text!r}" for where, _, text in texts("fr") if TU.search(french_prose(text))]
    assert not wrong, "\n".join(wrong)


def test_french_puts_a_narrow_no_break_space_before_double_marks():
    wrong = [f"{where} → {text!r}" for where, english, text in texts("fr")
             if FRENCH_SPACE.search(french_prose(text)) or '"' in french_prose(text)]
    assert not wrong, "\n".join(wrong)


def test_the_french_checks_catch_tu_and_bad_spacing():
    assert TU.search("Choisis une carte.") and TU.search("C'est ton tour") and not TU.search("C'est votre tour.")
    assert FRENCH_SPACE.search("Atout : cœur") and FRENCH_SPACE.search("Atout: cœur")
    assert FRENCH_SPACE.search("Atout\u00a0: cœur") and FRENCH_SPACE.search("« pli »")
    assert not FRENCH_SPACE.search(f"Atout{NARROW}: cœur{NARROW}! «{NARROW}pli{NARROW}»")
    assert not FRENCH_SPACE.search(french_prose("Tapez `take talon; keep`."))


FRENCH_BOT = re.compile(r"(?<![-_«\u202f{])\b[Bb]ots?\b(?![:_}]| \(SPEC\))")
"""«bot» where French says «robot» (docs/glossary/fr.md), but what is typed or printed as it is:
«bot:LEVEL», «--bots», «bot_seed», a value in «», the default name «Bot (SPEC)»."""
FRENCH_CALQUES = re.compile(r"(?i:\ben mots\b|\bun autre fait\b|\bcarte n'a encore été entamée\b"
                            r"|\bvous avez du ⟨⟩ \(|\bdu (?:glands|grelots|écus|roses)\b"
                            r"|\battaque\b.*\bpour ⟨⟩|\bsur elle désormais\b"
                            r"|\bvient d'abord\b|\bseuls les comptes\b|\bsignalement sur\b|\bdirection sa page\b"
                            r"|\brien à remplir d'abord\b|\bse clôt alors\b|\bl'une? de\s?:|\bconstructions utilisent\b"
                            r"|(?::|\bdès que) ses pommes\b|\bterminé depuis le\b)")
"""English read through French words, found in the native review (docs/glossary/fr.md, «Native
review»): «in words» is «en toutes lettres»;
«someone else» is «quelqu'un d'autre»; one leads (entame), a card is not «entamée»; «vous avez du
{suit}» cannot hold the German suits (plural: «du glands»), «fournir à {suit}» holds both; a
creature «attaque … avec une force de N», not «pour N» ("for N"). Review1 (events, lobby): «the
draft comes first» is «d'abord le draft», not «le draft vient d'abord»; accounts do not make things
(«Seuls les comptes créent…»): «Il faut un compte pour créer…»; a report is «concernant» a person,
not «sur» ("report on"); «direction sa page» is slang for «ouverture de sa page»; «Nothing to fill
in first» is «Rien à remplir avant de jouer»; «the event closes then» is «se clôt au bout de ce
délai», not «alors»; «several builds take …, one of:» is «plusieurs constructions sont possibles
avec …, au choix :», not «… utilisent …, l'une de :»; «its apples» after «une donne» is «les
pommes … de cette donne», not «ses pommes» (whose: the game's or the deal's?); a finished event is
«terminé le ⟨date⟩», not «terminé depuis le» ("over since")."""


def test_french_says_robot_and_no_calques():
    wrong = [f"{where} → {text!r}" for where, _, text in texts("fr")
             if FRENCH_BOT.search(french_prose(text)) or FRENCH_CALQUES.search(french_prose(text))]
    assert not wrong, "\n".join(wrong)


def test_the_french_robot_and_calque_checks_catch_them():
    assert FRENCH_BOT.search("Le bot joue.") and FRENCH_BOT.search("des bots difficiles")
    assert not FRENCH_BOT.search("« bot:LEVEL », --bots, bot_seed(seed), par défaut : Bot (SPEC), «\u202fbot\u202f»")
    assert FRENCH_CALQUES.search("un choix en mots") and FRENCH_CALQUES.search("vous avez du ⟨⟩ (⟨⟩)")
    assert not FRENCH_CALQUES.search("un choix en toutes lettres ; vous devez fournir à ⟨⟩ (⟨⟩)")
    assert FRENCH_CALQUES.search("⟨⟩ attaque ⟨⟩ ⟨⟩ pour ⟨⟩.") and not FRENCH_CALQUES.search("⟨⟩ attaque ⟨⟩ avec une force de ⟨⟩.")
    review1 = ["Pas encore de barres de vie : le draft vient d'abord", "Seuls les comptes créent des tournois",
               "Envoyer le signalement sur ⟨⟩", "Le tournoi est créé : direction sa page.", "Rien à remplir d'abord : …",
               "au plus ⟨⟩ ; le tournoi se clôt alors.", "plusieurs constructions utilisent ⟨⟩ ; l'une de : ⟨⟩",
               "une seule donne : ses pommes et ses putz font le score", "dès que ses pommes et ses putz sont comptés",
               "Terminé depuis le ⟨⟩."]
    assert all(FRENCH_CALQUES.search(s) for s in review1)
    assert not FRENCH_CALQUES.search("d'abord le draft ; il faut un compte pour créer un tournoi ; le signalement "
                                     "concernant ⟨⟩ ; ouverture de sa page ; rien à remplir avant de jouer ; se clôt au "
                                     "bout de ce délai ; plusieurs constructions sont possibles avec ⟨⟩ ; au choix : ⟨⟩ ; "
                                     "dès que les pommes et les putz de cette donne sont comptés ; terminé le ⟨⟩")


def test_french_writes_one_apostrophe():
    """The catalogs write the straight apostrophe («d'abord», a few thousand times); a curly one
    («d’abord») beside it on the same screen reads as two hands (review1 found five)."""
    wrong = [f"{where} → {text!r}" for where, _, text in texts("fr") if "\u2019" in text]
    assert not wrong, "\n".join(wrong)
    assert "\u2019" in "d’abord" and "\u2019" not in "d'abord"


def test_french_says_vous_in_lower_case_in_a_list():
    """A seat's item in a list ("You 5 (dealer)", "You 13") always follows a label and a colon
    («Contrats : Est 3, vous 2 (donneur)»): French writes it «vous», as «vous et Nord» in Jass."""
    wrong = [f"{where} → {text!r}" for where, english, text in texts("fr")
             if re.match(r"You \{", english) and text.startswith("Vous ⟨⟩")]
    assert not wrong, "\n".join(wrong)


FRENCH_DE_NAME = re.compile(r"\bde \{(?:player|name|seat|owner|partner|first|second|winner|leader|reporter)\}")
"""«de {player}»: a name that opens with a vowel takes «d'» («d'Ouest», «d'Anna»), which a
placeholder cannot choose; French says it another way («{player} vous a passé…», «… où est {name}»)."""


def test_french_never_writes_de_before_a_name():
    wrong = []
    for domain in DOMAINS:
        with (LOCALE_DIR / "fr" / "LC_MESSAGES" / f"{domain}.po").open("rb") as f:
            for m in read_po(f, locale="fr", domain=domain):
                for s in [m.string] if isinstance(m.string, str) else m.string:
                    if s and FRENCH_DE_NAME.search(s):
                        wrong.append(f"fr/{domain}: {s!r}")
    assert not wrong, "\n".join(wrong)
    assert FRENCH_DE_NAME.search("Vous avez reçu {cards} de {player}.") and not FRENCH_DE_NAME.search("à {player}")


CS_TY = re.compile(r"(?i:\b(?:tvůj|tvoj[eií]|tvého|tvému|tvém|tvým|tvou|tebe|tobě|tebou|(?:ne)?(?:jsi|máš|můžeš|musíš|chceš|budeš"
                   r"|hraješ|vyhráváš|prohráváš)|zahraj|vyber|zvol|napiš|stiskni|zadej|počkej|klikni|zkus|pošli|vrať"
                   r"|přihlas|odhlas|sedni|pozvi|ulož|zavři|otevři|vezmi|vynes|přiznej|odstup|zaregistruj)\b)")
"""Czech says «vy» (plural, lower case in running text): no «ty» pronoun, no «ty» verb form and no
«ty» imperative («Zahraj», «Vyber»): «Zahrajte», «Vyberte»."""
CS_CALQUES = re.compile(r"(?i:\b(?:nejlepší|nejnovější|nejstarší|nejslabší|nejsilnější|nejvyšší|nejnižší)\s+první\b"
                        r"|\bjsou\s+(?:jen\s+)?pro\s+účty\b|\bbez\s+ruky\b|\bnemá\s+boty\b)")
"""English word order and words read as translated (issue 46, the native read): «nejlepší první»
("best first") is «od nejlepšího»; «jsou pro účty» ("are for accounts") is «jen pro hráče s účtem»;
«bez ruky» ("no hand") is «bez karet»; «nemá boty» ("has no bots") says "has no shoes"."""


def test_czech_says_vy_to_the_reader():
    wrong = [f"{where} → {text!r}" for where, _, text in texts("cs") if CS_TY.search(text)]
    assert not wrong, "\n".join(wrong)


def test_czech_has_no_calques_the_review_found():
    wrong = [f"{where} → {text!r}" for where, _, text in texts("cs") if CS_CALQUES.search(text)]
    assert not wrong, "\n".join(wrong)


def test_the_czech_checks_catch_ty_and_a_calque():
    assert CS_TY.search("Zahraj kartu z ruky.") and CS_TY.search("Tvůj tah")
    assert CS_TY.search("nemůžeš hrát") and CS_TY.search("jsi divák")
    assert not CS_TY.search("Zahrajte kartu z ruky; vyberte ji a zvolte Enter. Vybrali jste kartu.")
    assert CS_CALQUES.search("Lidé s účtem, nejlepší první") and CS_CALQUES.search("Turnaje jsou pro účty")
    assert CS_CALQUES.search("Sever: bez ruky") and not CS_CALQUES.search("seřazení od nejlepšího; jen pro hráče s účtem")


ES_CALQUES = re.compile(r"(?i:\bson\s+(?:solo\s+)?para\s+cuentas\b|\b(?:las\s+cuentas\s+(?:pueden|crean)|crean\s+las\s+cuentas)\b"
                        r"|\bterminad[oa]s?\s+desde\s+⟨⟩)")
"""Spanish read as translated (review2's native read): «son para cuentas» ("are for accounts") and
«los crean las cuentas» ("made by accounts") make an account a person: «necesitas una cuenta»;
«terminado desde {time}» ("over since") before a date and hour is «terminado el {time}»."""
BG_CALQUES = re.compile(r"(?i:\bса\s+(?:само\s+)?за\s+(?:регистрирани\s+)?(?:профили|акаунти)\b"
                        r"|\bсъздават\s+(?:само\s+)?регистрирани\s+профили\b|\bнаправите\s+за\s+⟨⟩)")
"""Bulgarian read as translated (review2's native read): «са за профили» ("are for accounts") and
«състезания създават профили» ("made by accounts"): «е нужен профил»; «Какво да направите за
{name}» ("what to do about") means doing something for the person's good: «… с {name}»."""


def test_spanish_and_bulgarian_have_no_calques_the_review_found():
    wrong = [f"{where} → {text!r}" for code, pattern in (("es", ES_CALQUES), ("bg", BG_CALQUES))
             for where, _, text in texts(code) if pattern.search(text)]
    assert not wrong, "\n".join(wrong)


def test_the_spanish_and_bulgarian_calque_checks_catch_them():
    assert ES_CALQUES.search("los torneos son para cuentas: regístrate")
    assert ES_CALQUES.search("Solo las cuentas pueden crear torneos")
    assert ES_CALQUES.search("los torneos los crean las cuentas") and ES_CALQUES.search("⟨⟩ (terminado desde ⟨⟩): ⟨⟩")
    assert not ES_CALQUES.search("para crear torneos necesitas una cuenta; ⟨⟩ (terminado el ⟨⟩), abierto desde hace poco")
    assert BG_CALQUES.search("състезанията са за регистрирани профили") and BG_CALQUES.search("съобщенията са за профили")
    assert BG_CALQUES.search("Състезания създават само регистрирани профили") and BG_CALQUES.search("Какво да направите за ⟨⟩")
    assert not BG_CALQUES.search("за участие в състезания е нужен профил; Какво да направите с ⟨⟩; сигнал за ⟨⟩")


SAME_WORD_TWICE = re.compile(r"(?i:\b(раздаван|rozdání)\w*\s+(?:е|je)\s+(?:едно|jedno)\s+\1)")
"""«Раздаването е едно раздаване на картите», «Rozdání je jedno rozdání karet»: "a board is one
deal" where Bulgarian and Czech have one word for both says nothing (review2's native read)."""


def test_bulgarian_and_czech_do_not_define_a_word_by_itself():
    wrong = [f"{where} → {text!r}" for code in ("bg", "cs") for where, _, text in texts(code) if SAME_WORD_TWICE.search(text)]
    assert not wrong, "\n".join(wrong)
    assert SAME_WORD_TWICE.search("Раздаването е едно раздаване на картите")
    assert SAME_WORD_TWICE.search("Rozdání je jedno rozdání karet")
    assert not SAME_WORD_TWICE.search("Всяко раздаване е еднакво за всички; Každé rozdání je pro všechny stejné")


BG_PARTICIPLE_FOR_A_TITLE = re.compile(r"^⟨⟩ \([а-я]+(?:ил|ал|ял|ел|ен|ан|ян|ит|ат)[оаи]\s")
"""«{event} (приключило на …)»: a Bulgarian participle after a title agrees with a gender the
title may not have («Дубликат: …» is masculine); the past tense says it for every title:
«{event} (приключи на …)» (review2's native read)."""


def test_bulgarian_says_nothing_gendered_about_a_title():
    wrong = [f"{where} → {text!r}" for where, _, text in texts("bg") if BG_PARTICIPLE_FOR_A_TITLE.search(text)]
    assert not wrong, "\n".join(wrong)
    assert BG_PARTICIPLE_FOR_A_TITLE.search("⟨⟩ (приключило на ⟨⟩): ⟨⟩ %")
    assert BG_PARTICIPLE_FOR_A_TITLE.search("⟨⟩ (отворено до ⟨⟩)")
    assert not BG_PARTICIPLE_FOR_A_TITLE.search("⟨⟩ (място ⟨⟩)") and not BG_PARTICIPLE_FOR_A_TITLE.search("⟨⟩ (или ⟨⟩)")
    assert not BG_PARTICIPLE_FOR_A_TITLE.search("⟨⟩ (приключи на ⟨⟩): ⟨⟩ %")


# Native review, second round (rev-fr): calques in the operator's view, clubs, events, push, offline page
FRENCH_CALQUES_REVIEW2 = re.compile(r"(?i:\bréservée?s? aux comptes\b|\bmène ⟨⟩ tables?\b|\baucune limite n'a refusé\b"
                                    r"|\ble temps de personne\b|\bcomment le journal\b.*\best écrit\b"
                                    r"|\blignes les moins importantes\b|\bla partie notifications\b"
                                    r"|\btout le monde peut rejoindre\)|\bon rejoint ce club\b"
                                    r"|\bdémarrage de la salle\u202f: avertissements\b|\bjusqu'à une table que\b"
                                    r"|\bil commence quand son créateur\b|, comme \d+\u202f;)")
"""English read through French words, found in the second native read: an account is not a person
(«réservés aux comptes» → «réservés aux joueurs qui ont un compte», «il faut un compte pour…»); a
node «gère» tables, it does not «mène» them; «No limit has refused anyone» → «aucune limite n'a
entraîné de refus»; «nobody's time runs out» → «personne ne perd de temps de réflexion»; «How the
log is written» → «Format du journal»; «The least important lines written» → «Niveau le plus bas
des lignes écrites»; «your profile's notices part» → «rubrique « Notifications » de votre profil»;
«rejoindre» needs an object («ouvert à tous»); «this club is joined by invitation» → «on n'entre
dans ce club que sur invitation»; two colons in a row («salle : avertissements : …»); «until a
table you do not win» → «jusqu'à la première table que…»; «il commence» with no «il» before it →
«le tournoi commence»; «like 24» → «par exemple 24»."""


def test_french_has_no_calques_the_second_review_found():
    wrong = [f"{where} → {text!r}" for where, _, text in texts("fr") if FRENCH_CALQUES_REVIEW2.search(french_prose(text))]
    assert not wrong, "\n".join(wrong)


def test_the_french_second_review_check_catches_the_old_sentences():
    n = "\u202f"
    old = ["les clubs sont réservés aux comptes : inscrivez-vous", "Le nœud ⟨⟩ mène ⟨⟩ table.",
           "aucune limite n'a refusé personne", "le temps de personne ne s'écoule",
           "Comment le journal (sortie d'erreur standard) est écrit : text", "Les lignes les moins importantes qui sont écrites",
           "(la partie notifications de votre profil)", "open vaut true (tout le monde peut rejoindre)",
           "On rejoint ce club sur invitation.", f"Depuis le démarrage de la salle{n}: avertissements{n}: ⟨⟩",
           "chaque table compte double jusqu'à une table que vous ne gagnez pas",
           f"jusqu'au ⟨⟩{n}; il commence quand son créateur le démarre", f"de 1 à 168, comme 24{n}; reçu"]
    assert [s for s in old if not FRENCH_CALQUES_REVIEW2.search(s)] == []
    new = ("réservés aux joueurs qui ont un compte ; Le nœud ⟨⟩ gère ⟨⟩ tables ; aucune limite n'a entraîné de refus ; "
           "personne ne perd de temps de réflexion ; Format du journal (sortie d'erreur standard) : text ; "
           "Niveau le plus bas des lignes écrites ; (rubrique « Notifications » de votre profil) ; open vaut true "
           f"(ouvert à tous) ; On n'entre dans ce club que sur invitation. ; Depuis le démarrage de la salle, avertissements{n}: ⟨⟩ ; "
           f"jusqu'à la première table que vous ne gagnez pas ; le tournoi commence quand son créateur le lance ; par exemple 24{n}; reçu")
    assert not FRENCH_CALQUES_REVIEW2.search(new)


FRENCH_PERCENT = re.compile(r"(?<=[\d}⟩])[ \u00a0]%")
"""«{percent} %» with a plain space: a line or a braille display may break between the number and
its «%»; the other French percentages write U+202F («{percent}\u202f%»), as before «:» (rev-fr)."""


def test_french_puts_a_narrow_no_break_space_before_percent():
    wrong = [f"{where} → {text!r}" for where, _, text in texts("fr") if FRENCH_PERCENT.search(text)]
    assert not wrong, "\n".join(wrong)
    assert FRENCH_PERCENT.search("(terminé le ⟨⟩) : ⟨⟩ %, rang") and FRENCH_PERCENT.search("{percent} %") and FRENCH_PERCENT.search("50\u00a0%")
    assert not FRENCH_PERCENT.search("{percent}\u202f%, rang ; 50\u202f% ; 100%")
