# Takes typing_extensions from site-packages, where pip installed it. PyInstaller's own hook
# first asks setuptools whether it carries a vendored copy (importing setuptools in a
# subprocess: about 3.5 s of each build), and this game never uses setuptools' copies.


def pre_safe_import_module(api):  # noqa: ARG001  (PyInstaller's hook signature)
    return None
