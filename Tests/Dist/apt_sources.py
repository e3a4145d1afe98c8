"""The Debian mirror this machine's apt already uses, read from its sources files.

`make dist-check` bootstraps its minimal root from that mirror, so no host name
is written into the repository: the one-line format (/etc/apt/sources.list,
sources.list.d/*.list) and the deb822 format (sources.list.d/*.sources) are
both read, at run time.
"""
import glob
import os
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Entry:
    """One `deb` line or deb822 stanza, reduced to what debootstrap needs."""
    uris: tuple
    suites: tuple
    components: tuple
    signed_by: str = ""
    origin: str = field(default="", compare=False)


def _one_line_options(text):
    """`[arch=amd64 signed-by=/k.gpg]` -> {"arch": "amd64", "signed-by": "/k.gpg"}."""
    options = {}
    for word in text.split():
        name, _, value = word.partition("=")
        options[name.lower().rstrip("+-")] = value
    return options


def parse_one_line(text, origin=""):
    """Entries of a sources.list: `deb [options] uri suite component...`; deb-src and comments are skipped."""
    entries = []
    for line in text.splitlines():
        line = line.split("#", 1)[0].strip()
        if not line.startswith("deb ") and not line.startswith("deb\t"):
            continue
        rest = line[3:].strip()
        options = {}
        if rest.startswith("["):
            closing = rest.find("]")
            if closing < 0:
                continue
            options = _one_line_options(rest[1:closing])
            rest = rest[closing + 1:].strip()
        words = rest.split()
        if len(words) < 2:
            continue
        entries.append(Entry((words[0],), (words[1],), tuple(words[2:]), options.get("signed-by", ""), origin))
    return entries


def _stanzas(text):
    """deb822 stanzas as {lower-case field: value}; continuation lines (leading space) join the field before."""
    stanzas, current, last = [], {}, None
    for raw in text.splitlines() + [""]:
        if raw.startswith("#"):
            continue
        if not raw.strip():
            if current:
                stanzas.append(current)
            current, last = {}, None
        elif raw[0] in " \t" and last:
            current[last] += "\n" + raw.strip()
        elif ":" in raw:
            name, _, value = raw.partition(":")
            last = name.strip().lower()
            current[last] = value.strip()
    return stanzas


def parse_deb822(text, origin=""):
    """Entries of a .sources file; stanzas that are not `Types: deb` or say `Enabled: no` are skipped."""
    entries = []
    for stanza in _stanzas(text):
        if "deb" not in stanza.get("types", "").split():
            continue
        if stanza.get("enabled", "yes").strip().lower() == "no":
            continue
        uris, suites = tuple(stanza.get("uris", "").split()), tuple(stanza.get("suites", "").split())
        if not uris or not suites:
            continue
        signed_by = stanza.get("signed-by", "")
        # Signed-By is a path or an inline key block; only a path is of use to debootstrap.
        signed_by = signed_by if "\n" not in signed_by and signed_by.startswith("/") else ""
        entries.append(Entry(uris, suites, tuple(stanza.get("components", "").split()), signed_by, origin))
    return entries


def read_entries(root="/etc/apt"):
    """Every entry apt itself would read, in apt's order: sources.list, then sources.list.d/ by name."""
    entries = []
    paths = [os.path.join(root, "sources.list")]
    paths += sorted(glob.glob(os.path.join(root, "sources.list.d", "*.list")) + glob.glob(os.path.join(root, "sources.list.d", "*.sources")))
    for path in paths:
        try:
            with open(path, encoding="utf-8", errors="replace") as file:
                text = file.read()
        except OSError:
            continue
        entries += parse_deb822(text, path) if path.endswith(".sources") else parse_one_line(text, path)
    return entries


@dataclass(frozen=True)
class Mirror:
    """Where debootstrap fetches `suite` from, and the key the sources file trusts it with."""
    uri: str
    keyring: str = ""


def _usable(uri):
    return uri.split(":", 1)[0].lower() in ("http", "https", "file")


def choose_mirror(entries, suite):
    """The first entry that names `suite` with `main`; failing that, the first Debian archive
    (a path ending in /debian, as every Debian mirror's does), which serves every suite. None when
    there is neither: a third-party repository (nodistro, cloud-sdk-bookworm) is never chosen."""
    def main_uris(entry):
        return [uri for uri in entry.uris if _usable(uri)] if "main" in entry.components else []

    for entry in entries:
        if suite in entry.suites and main_uris(entry):
            return Mirror(main_uris(entry)[0].rstrip("/"), entry.signed_by)
    for entry in entries:
        uris = [uri for uri in main_uris(entry) if uri.rstrip("/").endswith("/debian")]
        if uris:
            return Mirror(uris[0].rstrip("/"), entry.signed_by)
    return None
