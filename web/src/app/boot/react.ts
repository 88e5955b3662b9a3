/**
 * React's runtime, evaluated on its own: the start script (scripts/prerender.mjs) runs each of
 * the first load's chunks in a task of its own, so no single task evaluates React, the UI
 * libraries and the app together. Importing react-dom/client here makes this chunk initialise it.
 */
import "react";
import "react-dom/client";
