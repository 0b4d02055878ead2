//! Windows: each engine runs in a job object that ends every process in it when the referee kills
//! the job or closes its handle (also when the referee itself dies), so whatever the engine started
//! (an adapter's engine, say) goes with it, as the process group does on Unix. The engine also gets
//! its own console process group, so a Ctrl-C at the console reaches only the referee. Windows has
//! no SIGINT or SIGTERM to send one process: those requests are skipped (an XBoard engine on Windows
//! declares `sigint=0` anyway, as WinBoard sends none); after `quit` and its grace the job is killed.

use super::Signal;
use std::os::windows::io::{AsRawHandle, FromRawHandle, OwnedHandle};
use std::os::windows::process::CommandExt;
use std::process::{Child, Command};
use windows_sys::Win32::System::JobObjects::{
    AssignProcessToJobObject, CreateJobObjectW, JobObjectExtendedLimitInformation,
    SetInformationJobObject, TerminateJobObject, JOBOBJECT_EXTENDED_LIMIT_INFORMATION,
    JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE,
};
use windows_sys::Win32::System::Threading::CREATE_NEW_PROCESS_GROUP;

pub fn prepare(command: &mut Command) {
    command.creation_flags(CREATE_NEW_PROCESS_GROUP);
}

/// The engine's job; `None` when Windows refused one (then only the engine itself is killed, by
/// `Child::kill` in `EngineProcess`'s drop).
pub struct Group(Option<OwnedHandle>);

impl Group {
    pub fn attach(child: &Child) -> Group {
        // SAFETY: null attributes and name are allowed; the returned handle is checked, then owned.
        let raw = unsafe { CreateJobObjectW(std::ptr::null(), std::ptr::null()) };
        if raw.is_null() {
            return Group(None);
        }
        // SAFETY: `raw` is a fresh, valid handle nothing else owns.
        let job = unsafe { OwnedHandle::from_raw_handle(raw) };
        // SAFETY: an all-zero JOBOBJECT_EXTENDED_LIMIT_INFORMATION is a valid (no limits) value.
        let mut limits: JOBOBJECT_EXTENDED_LIMIT_INFORMATION = unsafe { std::mem::zeroed() };
        limits.BasicLimitInformation.LimitFlags = JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE;
        // SAFETY: the pointer and size describe `limits`, which outlives the call; both handles
        // are valid for the duration of the calls.
        let attached = unsafe {
            SetInformationJobObject(
                job.as_raw_handle(),
                JobObjectExtendedLimitInformation,
                std::ptr::from_ref(&limits).cast(),
                std::mem::size_of::<JOBOBJECT_EXTENDED_LIMIT_INFORMATION>() as u32,
            ) != 0
                && AssignProcessToJobObject(job.as_raw_handle(), child.as_raw_handle()) != 0
        };
        Group(attached.then_some(job))
    }

    pub fn signal(&self, signal: Signal) {
        if let (Signal::Kill, Some(job)) = (signal, &self.0) {
            // SAFETY: the job handle is valid while `self` owns it.
            unsafe { TerminateJobObject(job.as_raw_handle(), 1) };
        }
    }
}
