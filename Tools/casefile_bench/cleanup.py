"""What a run started or made, undone once, in reverse order, at exit."""
import sys


class Cleanup:
    def __init__(self):
        self.actions = []
        self.done = False

    def add(self, action):
        self.actions.append(action)

    def run(self):
        if self.done:
            return
        self.done = True
        for action in reversed(self.actions):
            try:
                action()
            except Exception as error:  # keep cleaning
                print(f"clean-up: {error}", file=sys.stderr, flush=True)
