"""The app's toolkit: drawing at the window's resolution (gfx, canvas, window), text (text,
kerning), the palette and painted shapes (paint), layout regions, widgets and inputs, keyboard
focus, tooltips, tweens and the event animator, sketches, sounds, sprites, the scene stack and
routes by name. It knows no screen, no table and no game: the screens, the table and each
game's own scenes are built from it."""
