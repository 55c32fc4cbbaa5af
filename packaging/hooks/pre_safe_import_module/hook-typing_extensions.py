# typing_extensions is looked for as any module is (site-packages), never as a copy vendored inside
# setuptools: PyInstaller's own hook asks setuptools which packages it vendors, importing it in
# a subprocess (about 2 s of each build), and the game uses none of setuptools' copies.


def pre_safe_import_module(api):  # noqa: ARG001  (PyInstaller's hook signature)
    return None
