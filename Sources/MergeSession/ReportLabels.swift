import CatalogMerge
import GitSupport
import StringCatalog

/// The names of a merge's sides, from the driver's report when it is of that merge.
///
/// The driver keeps each catalog's latest report, matched to a merge by its commits: a report of
/// an earlier merge of the same two commits (made on another branch, then aborted or committed
/// there) matches too, and its branch names are not this merge's. What git still says of the
/// merge decides: the current branch while it is in progress, the merge commit's message once it
/// is committed. When that contradicts the report, the report's names are not shown.
public enum ReportLabels {
    /// The report's labels.
    static func recorded(_ report: MergeReportDocument) -> MergeLabels { report.labels }

    /// The labels for a merge in progress: the report's, unless its ours is not the branch the
    /// merge is being made on (`state`), then the state's.
    public static func inProgress(_ report: MergeReportDocument, state: MergeState) -> MergeLabels {
        let recorded = recorded(report)
        if let current = state.oursLabel, let shown = recorded.ours, !MergeState.isBare(shown), shown != current {
            return MergeLabels(ours: current, theirs: state.theirsLabel)
        }
        let named = state.labels(ours: recorded.ours, theirs: recorded.theirs)
        return MergeLabels(base: recorded.base, ours: named.ours, theirs: named.theirs)
    }

    /// The labels for a committed merge whose message is `message`: the report's, unless the
    /// message names a side otherwise, then the message's. A report's theirs may say more than
    /// the message ("main of github.com/owner/app" for a pull's 'main').
    public static func committed(_ report: MergeReportDocument, message: String?) -> MergeLabels {
        let recorded = recorded(report)
        guard let message, let named = MergeState.labels(ofMergeMessage: message) else { return recorded }
        let oursDiffers = named.ours.map { $0 != recorded.ours } ?? false
        let theirsDiffers = named.theirs.map { theirs in !(recorded.theirs.map { $0 == theirs || $0.hasPrefix(theirs + " of ") } ?? false) } ?? false
        return oursDiffers || theirsDiffers ? MergeLabels(ours: named.ours, theirs: named.theirs) : recorded
    }
}
