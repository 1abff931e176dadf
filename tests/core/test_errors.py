"""OverAnimError.message: the Message an error was raised with, for every boundary to translate."""

from overanim_addon.core.errors import InvalidInputError, OverAnimError
from overanim_addon.core.messages import Message


def test_message_is_the_message_raised_with_fields_kept():
    error = InvalidInputError(Message("Region '{region}' has no bones", region="Arm"))
    assert isinstance(error.message, Message)
    assert error.message.template == "Region '{region}' has no bones"
    assert error.message.fields == {"region": "Arm"}


def test_plain_text_and_no_argument_still_give_text():
    assert OverAnimError("plain").message == "plain"
    assert OverAnimError().message == "Unexpected error: "
    odd = OverAnimError(42)
    assert odd.message == "Unexpected error: 42" and isinstance(odd.message, Message)
