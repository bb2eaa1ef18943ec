"""The cost of storing a site's bytes: every file of a built site read into memory first, then
written again into an empty folder, one `open`/`write`/`close` per file on one thread, as the
least any generator of that site must do. Only the writing is timed. On a tmpfs that is the
kernel copying the bytes into new pages of the page cache, which costs the same whatever made
them; Scripts/bench.sh runs it beside the build to say how much of the build's time that is.
"""
import os
import resource
import time


def read_tree(root):
    """(relative folders, [(relative path, bytes)]) of every file under root."""
    folders, files = set(), []
    for folder, _, names in os.walk(root):
        rel = os.path.relpath(folder, root)
        if rel != ".":
            folders.add(rel)
        for name in names:
            with open(os.path.join(folder, name), "rb") as f:
                files.append((os.path.normpath(os.path.join(rel, name)), f.read()))
    return sorted(folders), files


def store(source, destination):
    """Writes source's files under destination (made, with its folders); returns (wall, user,
    system) seconds of the writing alone, and the files and bytes written."""
    folders, files = read_tree(source)
    before, start = resource.getrusage(resource.RUSAGE_SELF), time.perf_counter()
    os.makedirs(destination)
    for folder in folders:
        os.makedirs(os.path.join(destination, folder), exist_ok=True)
    for rel, data in files:
        fd = os.open(os.path.join(destination, rel), os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
        try:
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view):]
        finally:
            os.close(fd)
    wall, after = time.perf_counter() - start, resource.getrusage(resource.RUSAGE_SELF)
    return (wall, after.ru_utime - before.ru_utime, after.ru_stime - before.ru_stime,
            len(files), sum(len(data) for _, data in files))
