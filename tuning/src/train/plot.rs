//! The loss curves as an SVG file drawn by hand (no plotting crate): training and validation
//! loss against the epoch, with axes, ticks and labels.

use super::EpochLog;
use std::fmt::Write;

const WIDTH: f64 = 720.0;
const HEIGHT: f64 = 440.0;
const LEFT: f64 = 80.0;
const RIGHT: f64 = 160.0;
const TOP: f64 = 40.0;
const BOTTOM: f64 = 60.0;

/// The tick step of 1, 2 or 5 times a power of ten closest to `target` ticks over `span`.
fn tick_step(span: f64, target: f64) -> f64 {
    let raw = (span / target).max(f64::MIN_POSITIVE);
    let power = 10f64.powf(raw.log10().floor());
    let off = |s: f64| (s / raw).ln().abs();
    [1.0, 2.0, 5.0, 10.0]
        .into_iter()
        .map(|m| m * power)
        .fold(power, |best, s| if off(s) < off(best) { s } else { best })
}

/// The document's opening, a white page and `title` centred over the plot's width `pw`.
fn head(title: &str, pw: f64) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{WIDTH}\" height=\"{HEIGHT}\" \
         viewBox=\"0 0 {WIDTH} {HEIGHT}\" font-family=\"sans-serif\" font-size=\"12\">"
    );
    let _ = writeln!(
        s,
        "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n\
         <text x=\"{}\" y=\"22\" text-anchor=\"middle\" font-size=\"15\">{}</text>",
        LEFT + pw / 2.0,
        escape(title)
    );
    s
}

/// The SVG document; `title` goes above the plot.
pub fn svg(history: &[EpochLog], title: &str) -> String {
    let losses = history
        .iter()
        .flat_map(|e| [e.train, e.validation])
        .filter(|v| v.is_finite());
    let (mut lo, mut hi) = losses.fold((f64::MAX, f64::MIN), |(a, b), v| (a.min(v), b.max(v)));
    if lo > hi {
        (lo, hi) = (0.0, 1.0);
    }
    let pad = ((hi - lo) * 0.08).max(1e-6);
    let (lo, hi) = ((lo - pad).max(0.0), hi + pad);
    let last = history.last().map_or(1, |e| e.epoch).max(1) as f64;
    let (pw, ph) = (WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM);
    let x = |epoch: f64| LEFT + epoch / last * pw;
    let y = |loss: f64| TOP + (hi - loss) / (hi - lo) * ph;
    let mut s = head(title, pw);
    // Grid and ticks.
    let step = tick_step(hi - lo, 6.0);
    let mut v = (lo / step).ceil() * step;
    while v <= hi + 1e-12 {
        let _ = writeln!(
            s,
            "<line x1=\"{LEFT}\" y1=\"{0:.1}\" x2=\"{1:.1}\" y2=\"{0:.1}\" stroke=\"#ddd\"/>\
             <text x=\"{2}\" y=\"{3:.1}\" text-anchor=\"end\">{4}</text>",
            y(v),
            LEFT + pw,
            LEFT - 6.0,
            y(v) + 4.0,
            trim(v, step)
        );
        v += step;
    }
    let step = tick_step(last, 8.0).max(1.0);
    let mut e = 0.0;
    while e <= last + 1e-9 {
        let _ = writeln!(
            s,
            "<line x1=\"{0:.1}\" y1=\"{1:.1}\" x2=\"{0:.1}\" y2=\"{2:.1}\" stroke=\"black\"/>\
             <text x=\"{0:.1}\" y=\"{3:.1}\" text-anchor=\"middle\">{4}</text>",
            x(e),
            TOP + ph,
            TOP + ph + 5.0,
            TOP + ph + 19.0,
            e
        );
        e += step;
    }
    // Axes and their labels.
    let _ = writeln!(
        s,
        "<path d=\"M{LEFT},{TOP} V{0} H{1}\" fill=\"none\" stroke=\"black\"/>\n\
         <text x=\"{2}\" y=\"{3}\" text-anchor=\"middle\">epoch</text>\n\
         <text x=\"18\" y=\"{4}\" text-anchor=\"middle\" transform=\"rotate(-90 18 {4})\">\
         loss (mean squared error)</text>",
        TOP + ph,
        LEFT + pw,
        LEFT + pw / 2.0,
        HEIGHT - 15.0,
        TOP + ph / 2.0
    );
    // The two curves and their legend.
    for (i, (name, colour)) in [("training", "#1f6fd1"), ("validation", "#d9480f")]
        .into_iter()
        .enumerate()
    {
        let points: Vec<String> = history
            .iter()
            .map(|e| (e.epoch as f64, if i == 0 { e.train } else { e.validation }))
            .filter(|(_, l)| l.is_finite())
            .map(|(e, l)| format!("{:.1},{:.1}", x(e), y(l)))
            .collect();
        let (x0, x1, y0) = (
            LEFT + pw + 15.0,
            LEFT + pw + 40.0,
            TOP + 20.0 + 20.0 * i as f64,
        );
        let _ = writeln!(
            s,
            "<polyline points=\"{}\" fill=\"none\" stroke=\"{colour}\" stroke-width=\"2\"/>\n\
             <line x1=\"{x0}\" y1=\"{y0}\" x2=\"{x1}\" y2=\"{y0}\" stroke=\"{colour}\" \
             stroke-width=\"2\"/><text x=\"{}\" y=\"{}\">{name}</text>",
            points.join(" "),
            x1 + 6.0,
            y0 + 4.0,
        );
    }
    s.push_str("</svg>\n");
    s
}

/// A tick label with no more decimals than the step needs.
fn trim(v: f64, step: f64) -> String {
    let decimals = (-step.log10().floor()).max(0.0) as usize;
    format!("{v:.decimals$}")
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ticks_are_round_numbers() {
        assert_eq!(tick_step(0.05, 5.0), 0.01);
        assert_eq!(tick_step(0.125, 6.0), 0.02);
        assert_eq!(tick_step(30.0, 8.0), 5.0);
        assert_eq!(trim(0.0300000001, 0.01), "0.03");
    }

    #[test]
    fn the_plot_has_two_curves_axes_and_labels() {
        let history: Vec<EpochLog> = (0..5)
            .map(|e| EpochLog {
                epoch: e,
                train: 0.1 / (e as f64 + 1.0),
                validation: 0.11 / (e as f64 + 1.0),
                positions_per_second: 0.0,
            })
            .collect();
        let svg = svg(&history, "a <test>");
        assert_eq!(svg.matches("<polyline").count(), 2);
        assert!(svg.contains(">epoch</text>") && svg.contains("loss (mean squared error)"));
        assert!(svg.contains("a &lt;test&gt;"));
        // Five points per curve; the first training point (the highest loss) is at the top left.
        let first = svg.split("points=\"").nth(1).expect("a curve");
        assert_eq!(
            first.split('"').next().expect("points").split(' ').count(),
            5
        );
        assert!(first.starts_with(&format!("{LEFT:.1},")));
    }
}
