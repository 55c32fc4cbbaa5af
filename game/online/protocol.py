"""The messages of the online protocol (docs/PROTOCOL.md), as msgspec structs.

Every message is one JSON object in one WebSocket text frame, with its kind in "type". What a
client sends is decoded strictly (no coercion, unknown fields refused, every string and list
capped) and never bigger than MAX_MESSAGE bytes; what the server sends is encoded from the
structs below, and a client decodes it as strictly, within caps of its own (a host is a
stranger too). Views and events inside are each game's own JSON (game/online/codec.py, the
types its rules declare; schemas in docs/schema/).

The messages that start something (`open`, `join`, `resume`, `watch`, `rematch`, `get_record`)
and the server's answers to them (`opened`, `seated`, `watching`) carry `protocol`, the version
of this protocol their sender speaks; a message without it is from version 1, which sent none.
A server refuses a client of another version (`error` "version"), and a client a server of
another version, each in one line: update the game.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Annotated, Any

import msgspec

PROTOCOL_VERSION = 2  # 2: views and events as each game's documented JSON, not class paths
MAX_MESSAGE = 16 * 1024  # bytes a client may send in one message (the server's max_size)
MAX_SEATS = 12
MAX_HOLD = 30 * 24 * 3600.0  # a seat is held for at most 30 days
RATE = 30.0  # messages per second a connection may keep up (a token bucket)...
BURST = 2 * RATE  # ...and may send at once (twice the rate, whichever rate a server has)

MAX_DEPTH = 16  # how deep the free-form objects (an action, a table's options) may nest
# Patterns are matched whole (\A ... \Z: "$" would let a trailing newline through); names are
# cleaned on the server (names.clean_text), a code's letters are read by names.normal_code.
Name = Annotated[str, msgspec.Meta(min_length=1, max_length=40)]
Code = Annotated[str, msgspec.Meta(min_length=1, max_length=16, pattern=r"\A[A-Za-z0-9 -]+\Z")]
Token = Annotated[str, msgspec.Meta(min_length=1, max_length=64, pattern=r"\A[A-Za-z0-9_-]+\Z")]
ActionId = Annotated[
    str, msgspec.Meta(min_length=1, max_length=64, pattern=r"\A[A-Za-z0-9_.:-]+\Z")
]
Level = Annotated[str, msgspec.Meta(min_length=1, max_length=16, pattern=r"\A[a-z_]+\Z")]
SeatNo = Annotated[int, msgspec.Meta(ge=0, lt=MAX_SEATS)]
Version = Annotated[int, msgspec.Meta(ge=0, le=1_000_000)]
#: A seed a client asks for (`open`): 0 <= seed < 2**128, as the server's own (checked in
#: `Open.__post_init__`: msgspec's bounds stop at 64 bits). Taken only for a table whose every
#: human seat the host holds (a seat that knows the seed knows every card).
SEED_LIMIT = 2**128
Seed = int
#: What a player may say to the table: phrases from a fixed list, each client shows them in its
#: own language (no free text: nothing to moderate, nothing to translate wrong).
PHRASES = ("hello", "nice", "oops", "thanks", "one_moment", "good_game")
Phrase = Annotated[str, msgspec.Meta(max_length=16, pattern=r"\A(" + "|".join(PHRASES) + r")\Z")]
SAY_EVERY = 2.0  # seconds: a connection says at most one phrase this often
#: A JSON value the protocol carries for a game, free-form here: a view, an event, an action,
#: set-up options, a record. Each is checked where the game reads it (codec.py against the
#: game's own types, docs/schema/; a record by playing it again). Any, because msgspec decodes
#: no recursive alias (None | bool | int | float | str | list[JSON] | dict[str, JSON]).
JSON = Any


class SeatSpec(msgspec.Struct, forbid_unknown_fields=True):
    """A seat as the host opens it: a name, and a computer level for a computer seat."""

    name: Name
    computer: Level | None = None


#: The version a message says its sender speaks (see the module's docstring).
ProtocolNo = Annotated[int, msgspec.Meta(ge=1, le=1_000)]
#: The one line either side gives when the other speaks another version.
VERSION_LINE = "this game and the server speak different versions of the protocol: update the game"


# -- client to server ---------------------------------------------------------------------------
class Open(msgspec.Struct, tag="open", forbid_unknown_fields=True):
    game: Annotated[str, msgspec.Meta(max_length=32, pattern=r"\A[a-z0-9_]*\Z")]
    seats: Annotated[list[SeatSpec], msgspec.Meta(min_length=1, max_length=MAX_SEATS)]
    seed: Seed | None = None
    options: dict[str, JSON] | None = None  # the record's "options" object
    hold: Annotated[float, msgspec.Meta(ge=0, le=MAX_HOLD)] = 300.0
    sit: SeatNo | None = None  # the seat the host takes at once
    protocol: ProtocolNo = PROTOCOL_VERSION

    def __post_init__(self) -> None:
        if self.seed is not None and not 0 <= self.seed < SEED_LIMIT:
            raise ValueError("seed must be a whole number from 0 to 2**128 - 1")


class Join(msgspec.Struct, tag="join", forbid_unknown_fields=True):
    table: Code
    seat: SeatNo | None = None  # None: the first free seat
    name: Name | None = None  # the joiner's own name for the seat (None: the host's name)
    protocol: ProtocolNo = PROTOCOL_VERSION


class Resume(msgspec.Struct, tag="resume", forbid_unknown_fields=True):
    table: Code
    seat: SeatNo
    token: Token
    protocol: ProtocolNo = PROTOCOL_VERSION


class Watch(msgspec.Struct, tag="watch", forbid_unknown_fields=True):
    table: Code
    protocol: ProtocolNo = PROTOCOL_VERSION


class Act(msgspec.Struct, tag="act", forbid_unknown_fields=True):
    version: Version
    id: ActionId
    action: dict[str, JSON]


class HandOver(msgspec.Struct, tag="hand_over", forbid_unknown_fields=True):
    table: Code
    host_token: Token
    seat: SeatNo
    level: Level = "normal"


class GetRecord(msgspec.Struct, tag="get_record", forbid_unknown_fields=True):
    table: Code
    protocol: ProtocolNo = PROTOCOL_VERSION


class Rematch(msgspec.Struct, tag="rematch", forbid_unknown_fields=True):
    """Once a table's game is over: the seat (its token proves it) at the table's rematch."""

    table: Code
    seat: SeatNo
    token: Token
    protocol: ProtocolNo = PROTOCOL_VERSION


class Say(msgspec.Struct, tag="say", forbid_unknown_fields=True):
    """A phrase (PHRASES) to everyone at your table."""

    phrase: Phrase


ClientMessage = Open | Join | Resume | Watch | Act | HandOver | GetRecord | Rematch | Say


# -- server to client ---------------------------------------------------------------------------
# Everything a server sends is capped as what a client sends is (a host is a stranger too: the
# app joins strangers' tables): a message that breaks a cap is refused whole (`decode_server`:
# BadMessage). The caps come from the games' real maxima with wide headroom (docs/PROTOCOL.md,
# "The client's caps"); the schema docs/schema/protocol-server.json is generated from these.
#: Events one `state` may carry: the most an honest step makes is 35 (a 12-seat Lucky Box
#: table's round end), so a whole game's worth would not reach it.
MAX_EVENTS = 500
#: Events of a seat's `past` (what it saw before it came back): a whole game, far past a long
#: one; a server keeps no more for its seats (history.py).
MAX_PAST_EVENTS = 5_000
#: A line a server explains itself with (an error's message, a refusal's reason).
Line = Annotated[str, msgspec.Meta(max_length=1_000)]
#: A reason code (the protocol's and the rules' own: snake case).
ReasonCode = Annotated[str, msgspec.Meta(min_length=1, max_length=64, pattern=r"\A[a-z0-9_]+\Z")]
GameId = Annotated[str, msgspec.Meta(min_length=1, max_length=32, pattern=r"\A[a-z0-9_]+\Z")]
#: The deal's commitment H: 64 lowercase hex digits.
Commit = Annotated[str, msgspec.Meta(pattern=r"\A[0-9a-f]{64}\Z")]
SeatKind = Annotated[str, msgspec.Meta(pattern=r"\A(human|computer)\Z")]
#: A seat as a `state` names it: -1 for a watcher.
ViewSeat = Annotated[int, msgspec.Meta(ge=-1, lt=MAX_SEATS)]
Waiting = Annotated[list[SeatNo], msgspec.Meta(max_length=MAX_SEATS)]


class SeatInfo(msgspec.Struct):
    name: Name
    kind: SeatKind  # "human" or "computer"
    level: Level | None
    free: bool  # nobody has taken it: a code may take it
    connected: bool


Seating = Annotated[list[SeatInfo], msgspec.Meta(min_length=1, max_length=MAX_SEATS)]

# `rate`: the server's rate limit, messages a second (bursts of twice that), so that a client
# keeps under the limit of the server it is at (`--rate-limit`), not only the usual one.
Rate = Annotated[float, msgspec.Meta(ge=1, le=100_000)]


class Opened(msgspec.Struct, tag="opened"):
    table: Code
    host_token: Token
    rate: Rate = RATE
    protocol: ProtocolNo = PROTOCOL_VERSION


class Seated(msgspec.Struct, tag="seated"):
    table: Code
    seat: SeatNo
    token: Token
    rate: Rate = RATE
    protocol: ProtocolNo = PROTOCOL_VERSION


class Watching(msgspec.Struct, tag="watching"):
    table: Code
    rate: Rate = RATE
    protocol: ProtocolNo = PROTOCOL_VERSION


class Past(msgspec.Struct):
    """What a seat saw of the game before a snapshot: the view it was dealt (version 0, the
    game's JSON) and the events since, redacted for it; for its move log (history.py)."""

    start: JSON
    events: Annotated[list[JSON], msgspec.Meta(max_length=MAX_PAST_EVENTS)]


class RawPast(Past):
    """A `past` left as its JSON text (in a RawState), decoded next as the game's own."""

    start: msgspec.Raw
    events: msgspec.Raw  # type: ignore[assignment]  # (its JSON text, not the list yet)


class State(msgspec.Struct, tag="state", omit_defaults=True):
    table: Code
    game: GameId
    seat: ViewSeat  # -1 for a watcher
    version: Version
    view: JSON  # the game's JSON of view_for(seat) (its rules' view struct; docs/schema/)
    # the redacted events that led here, the game's JSON ([]: a snapshot)
    events: Annotated[list[JSON], msgspec.Meta(max_length=MAX_EVENTS)]
    waiting: Waiting
    over: bool
    seats: Seating
    # The deal's commitment H (game.core.commitment), in the snapshot a connection is sent when
    # it takes a seat or watches (absent from the later states); None: a table from before.
    commit: Commit | None = None
    # Once the game is over, to a seat (never a watcher): the code its rematch has (made when
    # one of the seats asks, `rematch`); it does not follow from the table's code.
    rematch: Code | None = None
    # In that snapshot, once the game has begun: what the seat saw before it (Past).
    past: Past | None = None


class Seats(msgspec.Struct, tag="seats"):
    table: Code
    seats: Seating


class Ack(msgspec.Struct, tag="ack"):
    id: ActionId
    version: Version  # the table's version once the action was applied


class Refused(msgspec.Struct, tag="refused"):
    id: ActionId
    code: ReasonCode  # "stale", "not_your_seat", "bad_action", or the rules' refusal code
    reason: Line
    version: Version


class Error(msgspec.Struct, tag="error"):
    code: ReasonCode
    message: Line


class Record(msgspec.Struct, tag="record"):
    table: Code
    record: dict[str, JSON]  # (checked by playing it again: game.core.records)


class Said(msgspec.Struct, tag="said"):
    """A seat's phrase, to everyone at the table (the sayer too)."""

    table: Code
    seat: SeatNo
    phrase: Phrase


class Notice(msgspec.Struct, tag="notice"):
    """The server's own news, not about one table: `reconnecting` (its database is away: your
    actions wait, unanswered) and `reconnected` (it is back: they are answered now)."""

    code: ReasonCode
    message: Line


ServerMessage = (
    Opened | Seated | Watching | State | Seats | Ack | Refused | Error | Record | Notice | Said
)


class LazyState(State, tag="state"):
    """A `state` whose view is left as its JSON text until it is needed (`decode_server(...,
    lazy_views=True)`): a client that does not look at every view (a bench's) skips most of
    the decoding."""

    view: msgspec.Raw


class RawState(State, tag="state"):
    """A `state` whose view and events are left as their JSON text (`decode_server(...,
    raw_states=True)`), for a client that decodes them as its game's own structs next (the
    app's link: game/online/ui/reader.py)."""

    view: msgspec.Raw
    events: msgspec.Raw  # type: ignore[assignment]  # (its JSON text, not the list yet)
    past: RawPast | None = None


_client_decoder = msgspec.json.Decoder(ClientMessage)
_server_decoder = msgspec.json.Decoder(ServerMessage)
_lazy_decoder = msgspec.json.Decoder(
    Opened | Seated | Watching | LazyState | Seats | Ack | Refused | Error | Record | Notice | Said
)
_raw_decoder = msgspec.json.Decoder(
    Opened | Seated | Watching | RawState | Seats | Ack | Refused | Error | Record | Notice | Said
)
_encoder = msgspec.json.Encoder()


class BadMessage(ValueError):
    """A message that is too big, not JSON, or not one of the protocol's."""


class _Sent(msgspec.Struct):
    """The version a message that starts something says, 1 when it says none (version 1)."""

    protocol: int = 1


_sent_decoder = msgspec.json.Decoder(_Sent)
_STARTING = (Open, Join, Resume, Watch, GetRecord, Rematch, Opened, Seated, Watching)


def _as_sent(message: object, data: str | bytes) -> None:
    """A message that starts something keeps the version its sender wrote, 1 when it wrote
    none (a struct made here has ours: only what came over the wire can lack it)."""
    if isinstance(message, _STARTING):
        message.protocol = _sent_decoder.decode(data).protocol


def decode_client(data: str | bytes) -> ClientMessage:
    """A client's message, or BadMessage: too big, not JSON, not one of the protocol's, or
    nested deeper than MAX_DEPTH (deep JSON would run the server's recursion out)."""
    if len(data) > MAX_MESSAGE:
        raise BadMessage(f"a message is at most {MAX_MESSAGE} bytes")
    try:
        message: ClientMessage = _client_decoder.decode(data)
        _as_sent(message, data)
    except msgspec.DecodeError as err:
        raise BadMessage(str(err)) from None
    except RecursionError:
        raise BadMessage(f"nested deeper than {MAX_DEPTH} levels") from None
    free = message.action if isinstance(message, Act) else getattr(message, "options", None)
    if free is not None and not _shallow(free, MAX_DEPTH):
        raise BadMessage(f"nested deeper than {MAX_DEPTH} levels")
    return message


def _shallow(value: object, depth: int) -> bool:
    """Whether a decoded JSON value nests no deeper than `depth`."""
    if isinstance(value, dict):
        items: Iterable[object] = value.values()
    elif isinstance(value, list):
        items = value
    else:
        return True
    return depth > 0 and all(_shallow(v, depth - 1) for v in items)


def decode_server(
    data: str | bytes, lazy_views: bool = False, raw_states: bool = False
) -> ServerMessage:
    """A server's message, or BadMessage: not JSON, not one of the protocol's, or past one of
    its caps (above). `lazy_views`: a `state`'s view is kept as its JSON text (LazyState);
    `raw_states`: its events too (RawState)."""
    decoder = _raw_decoder if raw_states else _lazy_decoder if lazy_views else _server_decoder
    try:
        message: ServerMessage = decoder.decode(data)
        _as_sent(message, data)
        return message
    except msgspec.DecodeError as err:
        raise BadMessage(str(err)) from None
    except RecursionError:  # (a hostile server's)
        raise BadMessage("nested too deep") from None


def encode(message: ClientMessage | ServerMessage) -> str:
    return _encoder.encode(message).decode("utf-8")


def encode_bytes(message: ClientMessage | ServerMessage) -> bytes:
    """The message's JSON as UTF-8, for a frame written straight away (writes.py)."""
    return _encoder.encode(message)
