//! Every panic of every thread, recorded: the engine catches some itself (a search thread that
//! panics still answers with a move), and each of those is a finding too.

use std::sync::{Mutex, Once};

static PANICS: Mutex<Vec<String>> = Mutex::new(Vec::new());
static HOOK: Once = Once::new();

/// Adds recording to the panic hook (which still prints the panic).
pub fn record() {
    HOOK.call_once(|| {
        let print = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            print(info);
            let thread = std::thread::current();
            let text = format!(
                "thread '{}' panicked: {info}",
                thread.name().unwrap_or("unnamed")
            );
            match PANICS.lock() {
                Ok(mut panics) => panics.push(text),
                Err(poisoned) => poisoned.into_inner().push(text),
            }
        }));
    });
}

/// The panics recorded since the last call.
pub fn take() -> Vec<String> {
    match PANICS.lock() {
        Ok(mut panics) => std::mem::take(&mut *panics),
        Err(poisoned) => std::mem::take(&mut *poisoned.into_inner()),
    }
}
