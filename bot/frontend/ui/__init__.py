"""What players see and click: components (custom ids, looks, the call a click makes), the router that
takes each click to its component, the action picker, message rendering and pictures. Nothing here
imports a handler (``bot.frontend.handlers``)."""
