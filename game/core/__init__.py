"""What any of our card games uses: the game interface, records, turns, and (under `ui`) the
app, scenes, widgets, animation, audio, settings and storage. The pure modules here import no
pygame (a test checks it); pygame lives only under `game.core.ui`."""
