"""Card sounds on the page: what each action sounds like (``ui.model.sounds``),
played by ``static/sound.js`` (Web Audio, synthesized), and the mute button.

One call into JavaScript per sound, after the action: the sound is scheduled on
the AudioContext's clock there, and a tap waits for nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pyscript import document, window

from ui.dom.callbacks import listen
from ui.model.actions import Actions
from ui.model.session import Event, Preferences, Session
from ui.model.sounds import Sound, sounds_of, volume_level

if TYPE_CHECKING:
    from js import Event as DomEvent

__all__ = ["SoundBoard"]


class SoundBoard:
    """Plays the sounds of the session's actions; the toolbar's mute button (``#btn-sound``)."""

    def __init__(self, session: Session, actions: Actions) -> None:
        self.session = session
        self.actions = actions
        self.button = document.getElementById("btn-sound")
        self._player: Any = getattr(window, "solitaireSound", None)
        """``static/sound.js`` (None if it did not load: the game plays on, silent)."""
        listen(self.button, "click", self._toggle)
        session.subscribe(self._on_event)

    def play(self, sound: Sound, delay_ms: int = 0) -> None:
        if self._player is not None:
            self._player.play(sound, delay_ms)

    def configure(self, preferences: Preferences) -> None:
        """Sound on or off and its volume, as the settings say."""
        if self._player is not None:
            self._player.configure(preferences.sound, volume_level(preferences.volume))
        self.button.setAttribute("aria-pressed", "false" if preferences.sound else "true")

    def _toggle(self, _event: DomEvent) -> None:
        preferences = self.session.preferences
        preferences.sound = not preferences.sound
        self.actions.preferences_changed()

    def _on_event(self, event: Event) -> None:
        for sound, delay in sounds_of(event):
            self.play(sound, delay)
