//! A match's results file (`kaleido match --results FILE`) and the merge of the shards of one
//! match (`kaleido match-merge`). See docs/cluster.md for the format and what the merge checks.
//!
//! The file is JSON Lines: a header line (the match's identity, the shard, the SPRT), one line per
//! finished game pair, and a totals line once the match has played all its games. Lines are
//! appended as pairs finish, so a shard killed by its scheduler leaves the pairs it played (and no
//! totals line: the merge refuses it).

use crate::record::GameRecord;
use crate::schedule::GameJob;
use crate::stats::{self, Penta, Sprt, Tally};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::fmt;
use std::io::Write;
use std::path::{Path, PathBuf};

/// The format's name in the header, and its version.
pub const FORMAT: &str = "kaleido-match-results";
pub const VERSION: u32 = 1;

/// A results file's shard: `K/N`, the game pairs `p` with `p % N == K`.
pub use kaleido_vocab::shard::Shard;

/// What makes two runs the same match: everything that decides which games are played and how,
/// but not the shard. Shards of one match must agree on all of it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Identity {
    pub variant: String,
    /// Rule options as the rules canonicalised them.
    pub options: Vec<(String, String)>,
    /// The `--engine` specs as given.
    pub engines: Vec<String>,
    /// The engines' names (after `id name` and de-duplication).
    pub names: Vec<String>,
    /// `nodes=N`, `depth=D` or `tc=BASE+INC`.
    pub limit: String,
    /// Games per pairing.
    pub games: usize,
    /// Game pairs of the whole match, over every pairing.
    pub pairs: usize,
    /// Pairings as engine indices, in pair order within a round.
    pub pairings: Vec<(usize, usize)>,
    pub seed: u64,
    pub random_plies: Option<usize>,
    /// FNV-1a 64 of the `--openings` file's bytes, in hex (the path may differ between machines).
    pub openings: Option<String>,
    pub max_plies: Option<usize>,
    pub resign: Option<Vec<u32>>,
    pub draw: Option<Vec<u32>>,
    /// How far past its clock an engine may go before it forfeits (`--time-margin`): it decides
    /// results under `--tc`. (Engine options are part of the specs above.)
    pub time_margin_ms: u64,
}

/// The first line.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Header {
    pub format: String,
    pub version: u32,
    #[serde(rename = "match")]
    pub identity: Identity,
    /// `K/N`.
    pub shard: String,
    /// The `--sprt` of the run (`elo0=.. elo1=.. alpha=.. beta=.. model=..`), if any.
    pub sprt: Option<String>,
}

/// One game of a pair.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameLine {
    /// The game's number in the whole match (the PGN round), the same in a shard.
    pub number: usize,
    pub white: usize,
    pub black: usize,
    /// `1-0`, `0-1` or `1/2-1/2`.
    pub result: String,
    pub termination: String,
    pub plies: usize,
}

impl GameLine {
    fn of(game: &GameRecord) -> GameLine {
        GameLine {
            number: game.number,
            white: game.white,
            black: game.black,
            result: game.result().to_string(),
            termination: game.termination.clone(),
            plies: game.moves.len(),
        }
    }

    /// Half points (0, 1, 2) of engine `who` in this game.
    fn half_points(&self, who: usize) -> Result<usize, String> {
        let white = match self.result.as_str() {
            "1-0" => 2,
            "1/2-1/2" => 1,
            "0-1" => 0,
            other => return Err(format!("game {}: unknown result '{other}'", self.number)),
        };
        Ok(if who == self.white { white } else { 2 - white })
    }
}

/// A finished game pair: its games in number order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PairLine {
    pub pair: usize,
    /// The pairing, lower engine index first: results are counted from its side.
    pub engines: (usize, usize),
    pub games: Vec<GameLine>,
}

impl PairLine {
    /// The lower engine's wins, losses and draws in the pair.
    pub fn tally(&self) -> Result<Tally, String> {
        let mut t = Tally::default();
        for g in &self.games {
            match g.half_points(self.engines.0)? {
                2 => t.wins += 1,
                1 => t.draws += 1,
                _ => t.losses += 1,
            }
        }
        Ok(t)
    }

    /// The pair's score in half points (0..=4) for the lower engine, when it has both games.
    pub fn half_points(&self) -> Result<Option<usize>, String> {
        if self.games.len() != 2 {
            return Ok(None);
        }
        let mut sum = 0;
        for g in &self.games {
            sum += g.half_points(self.engines.0)?;
        }
        Ok(Some(sum))
    }
}

/// One pairing's totals.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PairingTotals {
    pub engines: (usize, usize),
    pub wins: u32,
    pub losses: u32,
    pub draws: u32,
    /// Pairs scored 0, 1/2, 1, 3/2, 2 by the lower engine.
    pub ptnml: [u32; 5],
}

/// The last line, written when the run has played every game of its shard.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Totals {
    pub games: usize,
    pub pairs: usize,
    pub pairings: Vec<PairingTotals>,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
struct TotalsLine {
    totals: Totals,
}

/// Which pair each game belongs to, and the games of pairs not yet complete.
pub struct PairBook {
    /// Game number -> its pair.
    of_game: HashMap<usize, usize>,
    /// Pair -> its number of games.
    size: HashMap<usize, usize>,
    open: BTreeMap<usize, Vec<GameLine>>,
}

impl PairBook {
    pub fn new(jobs: &[GameJob]) -> PairBook {
        let mut size: HashMap<usize, usize> = HashMap::new();
        let mut of_game = HashMap::new();
        for job in jobs {
            *size.entry(job.pair).or_default() += 1;
            of_game.insert(job.number, job.pair);
        }
        PairBook {
            of_game,
            size,
            open: BTreeMap::new(),
        }
    }

    /// Records a finished game; returns its pair when this game completes it.
    pub fn finish(&mut self, game: &GameRecord) -> Option<PairLine> {
        let &pair = self.of_game.get(&game.number)?;
        let games = self.open.entry(pair).or_default();
        games.push(GameLine::of(game));
        if games.len() < self.size.get(&pair).copied().unwrap_or(2) {
            return None;
        }
        let mut games = self.open.remove(&pair)?;
        games.sort_by_key(|g| g.number);
        let engines = (game.white.min(game.black), game.white.max(game.black));
        Some(PairLine {
            pair,
            engines,
            games,
        })
    }
}

/// FNV-1a 64 of a file's bytes, in hex: identifies an openings file by content.
pub fn file_digest(path: &Path) -> Result<String, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for b in bytes {
        hash ^= b as u64;
        hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
    }
    Ok(format!("{hash:016x}"))
}

/// Appends the lines of a results file as the match goes.
pub struct Writer {
    file: std::fs::File,
    path: PathBuf,
}

impl Writer {
    /// Creates (truncates) the file and writes its header.
    pub fn create(path: &Path, header: &Header) -> Result<Writer, String> {
        let file = std::fs::File::create(path)
            .map_err(|e| format!("cannot create {}: {e}", path.display()))?;
        let mut writer = Writer {
            file,
            path: path.to_path_buf(),
        };
        writer.line(header)?;
        Ok(writer)
    }

    fn line<T: Serialize>(&mut self, value: &T) -> Result<(), String> {
        let mut text = serde_json::to_string(value).map_err(|e| e.to_string())?;
        text.push('\n');
        self.file
            .write_all(text.as_bytes())
            .and_then(|_| self.file.flush())
            .map_err(|e| format!("cannot write {}: {e}", self.path.display()))
    }

    pub fn pair(&mut self, pair: &PairLine) -> Result<(), String> {
        self.line(pair)
    }

    pub fn totals(&mut self, totals: &Totals) -> Result<(), String> {
        self.line(&TotalsLine {
            totals: totals.clone(),
        })
    }
}

/// Totals of some pairs, every pairing of `pairings` listed (in that order).
pub fn totals_of(pairs: &[PairLine], pairings: &[(usize, usize)]) -> Result<Totals, String> {
    let mut by_pairing: BTreeMap<(usize, usize), (Tally, Penta)> = BTreeMap::new();
    for &p in pairings {
        by_pairing.insert((p.0.min(p.1), p.0.max(p.1)), Default::default());
    }
    let mut games = 0;
    for pair in pairs {
        let entry = by_pairing
            .get_mut(&pair.engines)
            .ok_or_else(|| format!("pair {}: engines {:?} do not meet", pair.pair, pair.engines))?;
        entry.0.add(&pair.tally()?);
        if let Some(half_points) = pair.half_points()? {
            entry.1.add_pair(half_points);
        }
        games += pair.games.len();
    }
    Ok(Totals {
        games,
        pairs: pairs.len(),
        pairings: pairings
            .iter()
            .map(|&(a, b)| {
                let key = (a.min(b), a.max(b));
                let (t, p) = by_pairing.get(&key).copied().unwrap_or_default();
                PairingTotals {
                    engines: key,
                    wins: t.wins,
                    losses: t.losses,
                    draws: t.draws,
                    ptnml: p.counts,
                }
            })
            .collect(),
    })
}

/// A results file as read back.
#[derive(Clone, Debug)]
pub struct ResultsFile {
    pub path: PathBuf,
    pub header: Header,
    pub shard: Shard,
    pub pairs: Vec<PairLine>,
    pub totals: Option<Totals>,
}

/// Reads a results file strictly: a bad line is an error naming it.
pub fn read(path: &Path) -> Result<ResultsFile, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let at = |n: usize, e: &dyn fmt::Display| format!("{} line {n}: {e}", path.display());
    let mut lines = text.lines().enumerate();
    let (_, first) = lines
        .next()
        .ok_or_else(|| format!("{}: empty file", path.display()))?;
    let header: Header = serde_json::from_str(first).map_err(|e| at(1, &e))?;
    if header.format != FORMAT || header.version != VERSION {
        return Err(format!(
            "{}: not a {FORMAT} v{VERSION} file ({} v{})",
            path.display(),
            header.format,
            header.version
        ));
    }
    let shard = Shard::parse(&header.shard).map_err(|e| at(1, &e))?;
    let mut pairs = Vec::new();
    let mut totals = None;
    for (i, line) in lines {
        if line.trim().is_empty() {
            continue;
        }
        if totals.is_some() {
            return Err(at(i + 1, &"a line after the totals"));
        }
        if line.starts_with("{\"totals\"") {
            let t: TotalsLine = serde_json::from_str(line).map_err(|e| at(i + 1, &e))?;
            totals = Some(t.totals);
        } else {
            pairs.push(serde_json::from_str::<PairLine>(line).map_err(|e| at(i + 1, &e))?);
        }
    }
    Ok(ResultsFile {
        path: path.to_path_buf(),
        header,
        shard,
        pairs,
        totals,
    })
}

/// How many games pair `p` of a match has: two, or one for the last round of an odd `--games`.
pub fn pair_size(identity: &Identity, pair: usize) -> usize {
    let round = pair / identity.pairings.len().max(1);
    if 2 * round + 1 < identity.games {
        2
    } else {
        1
    }
}

/// The shards of one match, checked and combined.
#[derive(Clone, Debug)]
pub struct Merged {
    pub identity: Identity,
    pub shards: usize,
    /// Every pair of the match, in pair order.
    pub pairs: Vec<PairLine>,
    pub totals: Totals,
    pub sprt: Option<String>,
}

/// Checks that `files` are every shard of one match, each complete, and combines them.
pub fn merge(files: &[ResultsFile]) -> Result<Merged, String> {
    let first = files.first().ok_or("no results files")?;
    let identity = &first.header.identity;
    let count = first.shard.count;
    let mut seen: BTreeMap<u32, &Path> = BTreeMap::new();
    for f in files {
        if f.header.identity != *identity {
            return Err(format!(
                "{} is another match than {} ({})",
                f.path.display(),
                first.path.display(),
                identity_difference(identity, &f.header.identity)
            ));
        }
        if f.shard.count != count {
            return Err(format!(
                "{} is shard {} but {} is shard {}: one match is split one way",
                f.path.display(),
                f.shard,
                first.path.display(),
                first.shard
            ));
        }
        if let Some(other) = seen.insert(f.shard.index, &f.path) {
            return Err(format!(
                "shard {} given twice ({} and {})",
                f.shard,
                other.display(),
                f.path.display()
            ));
        }
    }
    let missing: Vec<String> = (0..count)
        .filter(|k| !seen.contains_key(k))
        .map(|k| format!("{k}/{count}"))
        .collect();
    if !missing.is_empty() {
        return Err(format!("missing shard(s): {}", missing.join(", ")));
    }
    let mut pairs: Vec<PairLine> = Vec::new();
    for f in files {
        check_complete(f, identity)?;
        pairs.extend(f.pairs.iter().cloned());
    }
    pairs.sort_by_key(|p| p.pair);
    let totals = totals_of(&pairs, &identity.pairings)?;
    let sprts: BTreeSet<&Option<String>> = files.iter().map(|f| &f.header.sprt).collect();
    let sprt = if sprts.len() == 1 {
        first.header.sprt.clone()
    } else {
        None
    };
    Ok(Merged {
        identity: identity.clone(),
        shards: count as usize,
        pairs,
        totals,
        sprt,
    })
}

/// The first field in which two identities differ, for the refusal's message.
fn identity_difference(a: &Identity, b: &Identity) -> String {
    let (a, b) = (serde_json::to_value(a), serde_json::to_value(b));
    if let (Ok(serde_json::Value::Object(a)), Ok(serde_json::Value::Object(b))) = (a, b) {
        for (key, value) in &a {
            if b.get(key) != Some(value) {
                let shown = |v: Option<&serde_json::Value>| {
                    v.map(|v| v.to_string()).unwrap_or_else(|| "-".into())
                };
                return format!("{key}: {} vs {}", shown(Some(value)), shown(b.get(key)));
            }
        }
    }
    "they differ".into()
}

/// A shard's file holds exactly its pairs, each with all its games, and its totals line agrees.
fn check_complete(f: &ResultsFile, identity: &Identity) -> Result<(), String> {
    let name = f.path.display();
    let Some(totals) = &f.totals else {
        return Err(format!(
            "{name} (shard {}) has no totals line: the run did not finish \
             (interrupted, failed or stopped by its SPRT)",
            f.shard
        ));
    };
    let mut have: BTreeMap<usize, &PairLine> = BTreeMap::new();
    for p in &f.pairs {
        if !f.shard.contains(p.pair as u64) || p.pair >= identity.pairs {
            return Err(format!(
                "{name}: pair {} is not in shard {}",
                p.pair, f.shard
            ));
        }
        if have.insert(p.pair, p).is_some() {
            return Err(format!("{name}: pair {} appears twice", p.pair));
        }
        if p.games.len() != pair_size(identity, p.pair) {
            return Err(format!(
                "{name}: pair {} has {} games, not {}",
                p.pair,
                p.games.len(),
                pair_size(identity, p.pair)
            ));
        }
    }
    if let Some(pair) =
        (0..identity.pairs).find(|&p| f.shard.contains(p as u64) && !have.contains_key(&p))
    {
        return Err(format!(
            "{name}: pair {pair} of shard {} is missing",
            f.shard
        ));
    }
    if totals_of(&f.pairs, &identity.pairings)? != *totals {
        return Err(format!("{name}: the totals line does not add up its pairs"));
    }
    Ok(())
}

/// The merged results as one unsharded run would have written them (pairs in order, shard 0/1).
pub fn write_merged(path: &Path, merged: &Merged) -> Result<(), String> {
    let header = Header {
        format: FORMAT.into(),
        version: VERSION,
        identity: merged.identity.clone(),
        shard: Shard::ALL.to_string(),
        sprt: merged.sprt.clone(),
    };
    let mut writer = Writer::create(path, &header)?;
    for pair in &merged.pairs {
        writer.pair(pair)?;
    }
    writer.totals(&merged.totals)
}

/// The merge's report: per pairing the score, W/L/D, pentanomial counts, Elo (per game and per
/// pair) and, for two engines with an SPRT, its LLR and decision.
pub fn report(merged: &Merged, sprt: Option<&Sprt>) -> String {
    let id = &merged.identity;
    let mut out = format!(
        "Match: {} {}, {} engines, {} games per pairing ({} pairs), seed {}, {} shard(s)\n",
        id.variant,
        id.limit,
        id.engines.len(),
        id.games,
        id.pairs,
        id.seed,
        merged.shards
    );
    let name = |i: usize| id.names.get(i).cloned().unwrap_or_else(|| i.to_string());
    for p in &merged.totals.pairings {
        let tally = Tally {
            wins: p.wins,
            losses: p.losses,
            draws: p.draws,
        };
        let penta = Penta { counts: p.ptnml };
        let (a, b) = (name(p.engines.0), name(p.engines.1));
        let elo = |e: Option<stats::EloEstimate>| e.map(|e| e.to_string()).unwrap_or("-".into());
        out.push_str(&format!(
            "{a} vs {b}: +{} -{} ={} ({} games), score {:.1}%, Elo {}\n",
            tally.wins,
            tally.losses,
            tally.draws,
            tally.games(),
            100.0 * tally.score().unwrap_or(0.0),
            elo(stats::elo_estimate(&tally)),
        ));
        out.push_str(&format!(
            "{a} vs {b}: ptnml(0-2) {penta} ({} pairs), Elo {} (pairs)\n",
            penta.pairs(),
            elo(stats::elo_estimate_pairs(&penta)),
        ));
        if let (Some(sprt), 2) = (sprt, id.engines.len()) {
            let status = if penta.pairs() > 0 {
                sprt.status_of(&penta.outcomes())
            } else {
                sprt.status(&tally)
            };
            // The status reads `LLR x (lo, hi)` and ` - H1 accepted` or ` - H0 accepted`.
            let open = if status.decision.is_none() {
                " - undecided"
            } else {
                ""
            };
            out.push_str(&format!(
                "SPRT [{}, {}]: {status}{open}\n",
                sprt.elo0, sprt.elo1
            ));
        }
    }
    out
}

/// Arguments of `kaleido match-merge`.
#[derive(clap::Args, Debug, Clone)]
pub struct MergeArgs {
    /// The results files of every shard of one match (`kaleido match --shard K/N --results F`).
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// `elo0=A elo1=B [alpha=0.05] [beta=0.05] [model=normalized|logistic]` (default: the files').
    #[arg(long, num_args = 1..)]
    pub sprt: Option<Vec<String>>,
    /// Also write the merged results, as one unsharded run writes them.
    #[arg(long)]
    pub out: Option<PathBuf>,
}

/// `kaleido match-merge`: checks and combines the files, prints the report.
pub fn run_merge(args: &MergeArgs) -> Result<String, String> {
    let files = args
        .files
        .iter()
        .map(|p| read(p))
        .collect::<Result<Vec<_>, _>>()?;
    let merged = merge(&files)?;
    let sprt = match (&args.sprt, &merged.sprt) {
        (Some(tokens), _) => Some(Sprt::parse(tokens)?),
        (None, Some(text)) => Some(Sprt::parse(std::slice::from_ref(text))?),
        (None, None) => None,
    };
    if let Some(out) = &args.out {
        write_merged(out, &merged)?;
    }
    Ok(report(&merged, sprt.as_ref()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(number: usize, white: usize, result: &str) -> GameLine {
        GameLine {
            number,
            white,
            black: 1 - white,
            result: result.into(),
            termination: "t".into(),
            plies: 10,
        }
    }

    fn pair(p: usize, first: &str, second: &str) -> PairLine {
        PairLine {
            pair: p,
            engines: (0, 1),
            games: vec![game(2 * p + 1, 0, first), game(2 * p + 2, 1, second)],
        }
    }

    #[test]
    fn pairs_count_from_the_lower_engines_side_with_colours_swapped() {
        // Engine 0 wins with White, then loses with Black (White wins again): 1 of 2 points.
        assert_eq!(pair(0, "1-0", "1-0").half_points(), Ok(Some(2)));
        // Engine 0 wins both: as White 1-0, as Black 0-1.
        assert_eq!(pair(0, "1-0", "0-1").half_points(), Ok(Some(4)));
        assert_eq!(pair(0, "1/2-1/2", "1-0").half_points(), Ok(Some(1)));
        let pairs = [
            pair(0, "1-0", "0-1"),
            pair(1, "0-1", "1-0"),
            pair(2, "1/2-1/2", "1/2-1/2"),
        ];
        let totals = totals_of(&pairs, &[(0, 1)]).unwrap();
        assert_eq!((totals.games, totals.pairs), (6, 3));
        let t = &totals.pairings[0];
        assert_eq!((t.wins, t.losses, t.draws), (2, 2, 2));
        assert_eq!(t.ptnml, [1, 0, 1, 0, 1]);
        assert!(pair(0, "1-0", "2-0").half_points().is_err());
    }

    #[test]
    fn the_last_round_of_an_odd_match_has_one_game_pairs() {
        let mut id: Identity = serde_json::from_str(
            r#"{"variant":"chess","options":[],"engines":["a","b","c"],"names":["a","b","c"],
            "limit":"nodes=1","games":3,"pairs":6,"pairings":[[0,1],[0,2],[1,2]],"seed":1,
            "random_plies":null,"openings":null,"max_plies":null,"resign":null,"draw":null,
            "time_margin_ms":50}"#,
        )
        .unwrap();
        let sizes: Vec<usize> = (0..6).map(|p| pair_size(&id, p)).collect();
        assert_eq!(sizes, vec![2, 2, 2, 1, 1, 1]);
        id.games = 4;
        assert!((0..6).all(|p| pair_size(&id, p) == 2));
    }
}
