//! Unix: each engine leads its own process group, so a Ctrl-C at the terminal reaches only the
//! referee, and a signal to the group also reaches whatever the engine started.

use super::Signal;
use nix::sys::signal::{killpg, Signal as Nix};
use nix::unistd::Pid;
use std::os::unix::process::CommandExt;
use std::process::{Child, Command};

pub fn prepare(command: &mut Command) {
    command.process_group(0);
}

/// The engine's process group (its id is the engine's pid).
pub struct Group(Pid);

impl Group {
    pub fn attach(child: &Child) -> Group {
        Group(Pid::from_raw(child.id() as i32))
    }

    pub fn signal(&self, signal: Signal) {
        let signal = match signal {
            Signal::Interrupt => Nix::SIGINT,
            Signal::Terminate => Nix::SIGTERM,
            Signal::Kill => Nix::SIGKILL,
        };
        let _ = killpg(self.0, signal);
    }
}
