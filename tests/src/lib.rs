//! End-to-end tests of the Posewire daemon live in `tests/`; this library is empty.
