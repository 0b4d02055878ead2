#!/usr/bin/env bash
# A one-node Slurm cluster on this machine, for trying the job arrays (docs/cluster.md) and for
# scripts/slurm/check.sh. Not a production set-up: every daemon runs as root, no accounting, no
# cgroups (processes are tracked through /proc).
#
#   scripts/slurm/cluster.sh start    installs Debian's slurm-wlm if missing (root: apt-get),
#                                     writes slurm.conf and cgroup.conf to $KALEIDO_SLURM_DIR
#                                     (default /tmp/kaleido-slurm), starts munged (unless one
#                                     runs), slurmctld and slurmd, waits for the node to be idle
#   scripts/slurm/cluster.sh stop     stops slurmd and slurmctld, and munged if start started it
#   scripts/slurm/cluster.sh status   sinfo
#   scripts/slurm/cluster.sh env      prints `export SLURM_CONF=...` for sbatch, squeue, ...
#
# The daemons listen on ports 16817/16818 (SLURM_PORTS="CTLD SLURMD" to change), not Slurm's
# defaults, so that they do not meet another Slurm on the machine.
set -euo pipefail
DIR=${KALEIDO_SLURM_DIR:-/tmp/kaleido-slurm}
read -r CTLD_PORT SLURMD_PORT <<<"${SLURM_PORTS:-16817 16818}"
CONF=$DIR/slurm.conf
export SLURM_CONF=$CONF

die() { echo "cluster.sh: $*" >&2; exit 1; }

install_slurm() {
    command -v slurmctld >/dev/null && command -v slurmd >/dev/null && command -v munged >/dev/null &&
        return 0
    [ "$(id -u)" = 0 ] || die "slurm-wlm is not installed; as root: apt-get install slurm-wlm"
    echo "installing slurm-wlm (apt-get)"
    apt-get update -q
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q slurm-wlm >/dev/null
}

write_config() {
    mkdir -p "$DIR/state" "$DIR/spool"
    local host cpus mem
    host=$(hostname -s)
    cpus=$(nproc)
    # Slurm refuses a node that has less memory than it claims: claim 90% of it, in MB.
    mem=$(awk '/MemTotal/ { printf "%d", $2 * 0.9 / 1024 }' /proc/meminfo)
    cat >"$CONF" <<EOF
# Written by scripts/slurm/cluster.sh: one node, this machine.
ClusterName=kaleido
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$CTLD_PORT
SlurmdPort=$SLURMD_PORT
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
StateSaveLocation=$DIR/state
SlurmdSpoolDir=$DIR/spool
SlurmctldPidFile=$DIR/slurmctld.pid
SlurmdPidFile=$DIR/slurmd.pid
SlurmctldLogFile=$DIR/slurmctld.log
SlurmdLogFile=$DIR/slurmd.log
# No cgroups: processes are tracked through /proc, tasks are not bound to cores.
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
# One CPU is one schedulable unit: a 1-CPU array task per core runs at a time.
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SchedulerType=sched/backfill
MpiDefault=none
SwitchType=switch/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
ReturnToService=2
SlurmctldTimeout=30
SlurmdTimeout=30
InactiveLimit=0
KillWait=5
MinJobAge=600
NodeName=$host NodeAddr=127.0.0.1 CPUs=$cpus RealMemory=$mem State=UNKNOWN
PartitionName=kaleido Nodes=$host Default=YES MaxTime=INFINITE State=UP
EOF
    # Read only if a cgroup plugin were configured; written so that the set-up is complete.
    cat >"$DIR/cgroup.conf" <<EOF
CgroupPlugin=autodetect
IgnoreSystemd=yes
ConstrainCores=no
ConstrainRAMSpace=no
EOF
}

start_munge() {
    if munge -n 2>/dev/null | unmunge >/dev/null 2>&1; then
        return 0
    fi
    [ -s /etc/munge/munge.key ] || die "no /etc/munge/munge.key (the munge package makes it)"
    install -d -o munge -g munge -m 0755 /run/munge
    runuser -u munge -- /usr/sbin/munged
    touch "$DIR/munged.started"
    for _ in $(seq 50); do
        munge -n 2>/dev/null | unmunge >/dev/null 2>&1 && return 0
        sleep 0.1
    done
    die "munged did not start"
}

start() {
    install_slurm
    [ -f "$DIR/slurmctld.pid" ] && kill -0 "$(cat "$DIR/slurmctld.pid")" 2>/dev/null &&
        die "already running (scripts/slurm/cluster.sh stop)"
    rm -rf "$DIR"
    mkdir -p "$DIR"
    write_config
    start_munge
    # -i: ignore state left by an earlier cluster; both daemonise and write their pid files.
    slurmctld -f "$CONF" -i
    slurmd -f "$CONF"
    for _ in $(seq 100); do
        if sinfo -h -o %T 2>/dev/null | grep -qx idle; then
            echo "slurm: node $(hostname -s) idle ($(nproc) CPUs); export SLURM_CONF=$CONF"
            return 0
        fi
        sleep 0.3
    done
    tail -n 20 "$DIR/slurmctld.log" "$DIR/slurmd.log" >&2 || true
    die "the node did not come up"
}

stop_pid() {
    local file=$1 pid
    [ -f "$file" ] || return 0
    pid=$(cat "$file")
    for _ in $(seq 50); do
        kill -0 "$pid" 2>/dev/null || return 0
        sleep 0.1
    done
    kill "$pid" 2>/dev/null || true
}

stop() {
    [ -f "$CONF" ] || return 0
    scontrol shutdown >/dev/null 2>&1 || true
    stop_pid "$DIR/slurmd.pid"
    stop_pid "$DIR/slurmctld.pid"
    if [ -f "$DIR/munged.started" ]; then
        # Only the munged this script started (its pid file), not one that was running before.
        [ -f /run/munge/munged.pid ] && kill "$(cat /run/munge/munged.pid)" 2>/dev/null || true
        rm -f "$DIR/munged.started"
    fi
    echo "slurm: stopped"
}

case "${1:-}" in
start) start ;;
stop) stop ;;
status) sinfo ;;
env) echo "export SLURM_CONF=$CONF" ;;
*) sed -n 2,14p "$0"; exit 2 ;;
esac
