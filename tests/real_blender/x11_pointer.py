"""The mouse, as the X server sees it, for the scripts that run inside a windowed Blender (shot.sh):
there is no xdotool (nor libXtst) in the chroots. ``RealBlender.shot`` puts this file in front of a
script that imports it (the chroot sees only the script), so the scripts share one pointer.

Blender places a button press where the server's pointer is (it asks the server), not where the event
says: the pointer is warped there first, then the press is sent. While a number field is dragged,
Blender hides the pointer and warps it back (a continuous grab): a drag moves from wherever the
pointer is now, by the server's own motion events, as a mouse does."""

import ctypes


class X11Pointer:
    """Button and motion events sent to Blender's top-level X windows, the pointer warped with them."""

    def __init__(self):
        self.x11 = x11 = ctypes.CDLL("libX11.so.6")
        x11.XOpenDisplay.restype = ctypes.c_void_p
        x11.XDefaultRootWindow.restype = ctypes.c_ulong
        x11.XWarpPointer.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_ulong] + [ctypes.c_int] * 2 + \
            [ctypes.c_uint] * 2 + [ctypes.c_int] * 2
        self.display = ctypes.c_void_p(x11.XOpenDisplay(None))
        root = ctypes.c_ulong(x11.XDefaultRootWindow(self.display))
        parent, children, count = ctypes.c_ulong(), ctypes.POINTER(ctypes.c_ulong)(), ctypes.c_uint()
        x11.XQueryTree(self.display, root, ctypes.byref(root), ctypes.byref(parent), ctypes.byref(children),
                       ctypes.byref(count))
        self.root, self.windows = root.value, [children[i] for i in range(count.value)]

    class Event(ctypes.Structure):  # XButtonEvent; XMotionEvent has the same layout up to "state"
        _fields_ = [("type", ctypes.c_int), ("serial", ctypes.c_ulong), ("send_event", ctypes.c_int),
                    ("display", ctypes.c_void_p), ("window", ctypes.c_ulong), ("root", ctypes.c_ulong),
                    ("subwindow", ctypes.c_ulong), ("time", ctypes.c_ulong), ("x", ctypes.c_int), ("y", ctypes.c_int),
                    ("x_root", ctypes.c_int), ("y_root", ctypes.c_int), ("state", ctypes.c_uint),
                    ("detail", ctypes.c_uint), ("same_screen", ctypes.c_int), ("pad", ctypes.c_long * 16)]

    def send(self, kind: int, mask: int, x: int, y: int, state: int, detail: int) -> None:
        for window in self.windows:
            event = self.Event(type=kind, send_event=1, display=self.display, window=window, root=self.root,
                               x=x, y=y, x_root=x, y_root=y, state=state, detail=detail, same_screen=1)
            self.x11.XSendEvent(self.display, ctypes.c_ulong(window), 1, ctypes.c_long(mask), ctypes.byref(event))
        self.x11.XFlush(self.display)

    def warp(self, x: int, y: int) -> None:
        """Move the server's own pointer (it sends Blender the motion, with its time)."""
        self.x11.XWarpPointer(self.display, ctypes.c_ulong(0), ctypes.c_ulong(self.root), 0, 0, 0, 0, x, y)
        self.x11.XFlush(self.display)

    def where(self) -> tuple[int, int]:
        """The server's pointer, wherever Blender last warped it."""
        root, child = ctypes.c_ulong(), ctypes.c_ulong()
        x, y, wx, wy, mask = ctypes.c_int(), ctypes.c_int(), ctypes.c_int(), ctypes.c_int(), ctypes.c_uint()
        self.x11.XQueryPointer(self.display, ctypes.c_ulong(self.root), ctypes.byref(root), ctypes.byref(child),
                               ctypes.byref(x), ctypes.byref(y), ctypes.byref(wx), ctypes.byref(wy), ctypes.byref(mask))
        return x.value, y.value

    def hover(self, x: int, y: int) -> None:
        self.warp(x, y)
        self.send(6, 1 << 6, x, y, 0, 0)  # MotionNotify, no button held

    def press(self, x: int, y: int) -> None:
        self.warp(x, y)
        self.send(4, 1 << 2, x, y, 0, 1)  # ButtonPress, button 1

    def move(self, x: int, y: int) -> None:
        """To (x, y) with button 1 held (a brush stroke: Blender does not grab the pointer)."""
        self.warp(x, y)
        self.send(6, (1 << 6) | (1 << 8), x, y, 1 << 8, 0)  # MotionNotify with button 1 held

    def drag(self, dx: int, dy: int) -> None:
        """By (dx, dy) from where the pointer is now, button 1 held: the server's motion only (GHOST's
        warp logic reads its time; a sent event of time 0 beside it left Blender 4.3's value unmoved)."""
        x, y = self.where()
        self.warp(x + dx, y + dy)

    def release(self, x: int, y: int) -> None:
        self.warp(x, y)
        self.send(5, 1 << 3, x, y, 1 << 8, 1)  # ButtonRelease, button 1

    def wheel_down(self, x: int, y: int) -> None:
        self.send(4, 1 << 2, x, y, 0, 5)  # button 5: the wheel turned down a notch
        self.send(5, 1 << 3, x, y, 1 << 12, 5)
