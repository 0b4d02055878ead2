//! What the engine tells XBoard about itself: the `feature` line and the variant names.

use crate::engine::options::OPTIONS;
use crate::game::{OptionKind, VariantOptions};
use crate::protocol::engine::all_rule_options;
use crate::variants;

/// Registry name -> the name XBoard knows the variant by (`chess` is `normal`), for the variants
/// offered to XBoard (`VariantInfo::offered_to_xboard`).
pub fn xboard_names() -> Vec<(&'static str, &'static str)> {
    variants::VARIANTS
        .iter()
        .filter(|info| info.offered_to_xboard())
        .map(|info| {
            let xboard = info
                .new_session(&VariantOptions::default())
                .map(|s| s.xboard_variant())
                .unwrap_or(info.name);
            (info.name, xboard)
        })
        .collect()
}

/// The registry name of the variant XBoard calls `name`.
pub fn registry_name(name: &str) -> Option<&'static str> {
    let names = xboard_names();
    names
        .iter()
        .find(|(_, x)| x.eq_ignore_ascii_case(name))
        .or_else(|| names.iter().find(|(r, _)| r.eq_ignore_ascii_case(name)))
        .map(|(r, _)| *r)
}

/// The `feature` line answering `protover 2`. `highlight=1` asks XBoard for `lift`, `put` and
/// `hover`, which the engine answers with the legal targets (see `marks`); `exclude=1` for
/// `exclude` / `include` in analysis. The engine options offered to XBoard come from the options
/// table (the `MultiPV` spin drives the "more" / "fewer" buttons of XBoard's engine-output pane,
/// see `analysis`), then the variants' rule options.
pub fn features() -> String {
    let mut list: Vec<&str> = Vec::new();
    for (_, x) in xboard_names() {
        if !list.contains(&x) {
            list.push(x);
        }
    }
    let mut line = format!(
        "feature ping=1 setboard=1 usermove=1 playother=1 colors=0 sigint=0 sigterm=0 san=0 \
         time=1 memory=1 smp=1 analyze=1 reuse=1 debug=1 highlight=1 exclude=1 myname=\"{}\" \
         variants=\"{}\"",
        crate::protocol::uci::ENGINE_NAME,
        list.join(",")
    );
    for option in OPTIONS.iter().filter(|o| o.xboard) {
        line.push_str(&format!(" option=\"{}\"", option.xboard_feature()));
    }
    // Only the options of variants XBoard is offered (Turn60 belongs to sonic-hexagonal alone).
    let offered = all_rule_options().into_iter().filter(|spec| {
        variants::VARIANTS
            .iter()
            .any(|v| v.offered_to_xboard() && v.options.iter().any(|o| o.name == spec.name))
    });
    for spec in offered {
        let option = match &spec.kind {
            OptionKind::Check { default } => {
                format!("{} -check {}", spec.name, u8::from(*default))
            }
            OptionKind::Combo { default, values } => {
                let values: Vec<String> = values
                    .iter()
                    .map(|v| {
                        if v == default {
                            format!("*{v}")
                        } else {
                            v.to_string()
                        }
                    })
                    .collect();
                format!("{} -combo {}", spec.name, values.join(" /// "))
            }
        };
        line.push_str(&format!(" option=\"{option}\""));
    }
    line.push_str(" done=1");
    line
}
