package org.tsdbbench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.tsdbbench.report.CpuOnlyPublishedFigures.Figure;
import org.tsdbbench.report.CpuOnlyPublishedFigures.Measure;
import org.tsdbbench.report.CpuOnlyPublishedFigures.Side;
import org.tsdbbench.report.RunResults.Database;
import org.tsdbbench.report.RunResults.QueryLatency;
import org.tsdbbench.results.LoadRecord;
import org.tsdbbench.results.MachineRecord;
import org.tsdbbench.results.Manifest;
import org.tsdbbench.results.WorkloadRecord;

/**
 * "Published vs measured" for a cpu-only run: report D's CnosDB vs OpenTSDB figures, each beside
 * the ratio this run measured of the same two from their manifests, with a verdict only like for
 * like ({@link LikeForLike}); otherwise the row says why it is indicative.
 */
final class CpuOnlyPublishedComparison {

    /** The section's title for the cpu-only rows. */
    static final String TITLE = "TSBS's DevOps hosts, cpu-only (report D: CnosDB vs OpenTSDB)";

    /** What the table's figures are, the same in report.md and report.html. */
    static final String EXPLANATION = "Ratios are CnosDB's lead over OpenTSDB: its points/s over OpenTSDB's (the "
            + "load step's metrics/s, ten a row), OpenTSDB's p50 latency and disk bytes over its own, its "
            + "compression (raw text over disk) over OpenTSDB's; above 1 CnosDB is ahead. The two queries are "
            + "minute-max-first-10, report D's: host_0's max(usage_user) per minute, the first ten minutes, over the "
            + "data set's whole span (report D's 5 months of 5) and over its first two fifths (its 2 months). A "
            + "verdict only like for like: each side holding no fewer than a tenth of the points report D's figures "
            + "stood on, on as many cores as its servers had; otherwise the row is indicative, its ratio with the "
            + "reasons.";

    /** The query type whose two spans answer report D's two queries, as the manifests name its ids. */
    static final String QUERY_PREFIX = "devops.minute-max-first-10.";

    /** One row: the figure, what this run measured of each side, their ratio (NaN: not measured), verdict and why. */
    record Row(Figure figure, Optional<MeasuredFigure> firstMeasured, Optional<MeasuredFigure> secondMeasured,
               double measuredRatio, Verdict verdict, List<String> reasons, List<String> differences) {
        Row {
            reasons = List.copyOf(reasons);
            differences = List.copyOf(differences);
        }

        String label() {
            String setting = figure.setting() == null ? "" : ", " + figure.setting();
            return switch (figure.measure()) {
                case WRITE -> "write" + setting;
                case QUERY_WHOLE_SPAN -> "minute-max-first-10, the whole span (report D: 5 months)";
                case QUERY_TWO_FIFTHS -> "minute-max-first-10, the first two fifths (report D: 2 months)";
                case DISK -> "disk: bytes";
                case COMPRESSION -> "disk: compression";
            };
        }

        String publishedRatioText() {
            return PublishedComparison.ratio(figure.ratio());
        }

        String measured() {
            return MeasuredFigure.pair(firstMeasured, secondMeasured);
        }

        String measuredRatioText() {
            return MeasuredFigure.ratioText(measuredRatio);
        }

        String verdictText() {
            return verdict.text(reasons, null);
        }
    }

    private final CpuOnlyPublishedFigures figures;

    CpuOnlyPublishedComparison(CpuOnlyPublishedFigures figures) {
        this.figures = figures;
    }

    /** The comparison of the figures shipped with the report. */
    static CpuOnlyPublishedComparison load() {
        return new CpuOnlyPublishedComparison(CpuOnlyPublishedFigures.load());
    }

    CpuOnlyPublishedFigures figures() {
        return figures;
    }

    /** The report, one line: "Report D: title; hardware; scale: ...". */
    String source() {
        CpuOnlyPublishedFigures.Report r = figures.report();
        return "Report " + r.id() + ": " + r.title() + "; " + r.hardware() + "; scale: " + r.scale();
    }

    /** The rows for the run's cpu-only databases (the first column of a database given more than once). */
    List<Row> rows(List<Database> databases) {
        Database a = find(databases, figures.first()).orElse(null);
        Database b = find(databases, figures.second()).orElse(null);
        List<Row> rows = new ArrayList<>();
        for (Figure f : figures.figures()) {
            Optional<MeasuredFigure> am = a == null ? Optional.empty() : measure(f, a);
            Optional<MeasuredFigure> bm = b == null ? Optional.empty() : measure(f, b);
            double ratio = am.isPresent() && bm.isPresent() ? f.measure().lead(am.get().value(), bm.get().value())
                    : Double.NaN;
            LikeForLike basis = basis(f, a, b);
            rows.add(new Row(f, am, bm, ratio, basis.verdict(ratio, m -> Verdict.of(f.ratio(), m)), basis.reasons(),
                    differences(f, a, b)));
        }
        return rows;
    }

    /** What every row shares, said once: the published setting, the versions, each side's scale here. */
    String pair(List<Database> databases) {
        Optional<Database> a = find(databases, figures.first());
        Optional<Database> b = find(databases, figures.second());
        CpuOnlyPublishedFigures.Report r = figures.report();
        return figures.first().product() + " vs " + figures.second().product() + " (report " + r.id()
                + "): published setting: " + r.hardware() + "; versions: " + version(a, figures.first()) + ", "
                + version(b, figures.second()) + "; scale here: " + scale(a, figures.first()) + ", "
                + scale(b, figures.second()) + String.format(Locale.ROOT, " (published: about %,d points)", r.points());
    }

    /** Which side this run lacks, and so which figures are not measured; null when both are here. */
    String missing(List<Database> databases) {
        List<String> missing = new ArrayList<>();
        for (Side s : List.of(figures.first(), figures.second())) {
            if (find(databases, s).filter(Database::hasManifest).isEmpty()) missing.add(s.product());
        }
        if (missing.isEmpty()) return null;
        return String.join(" and ", missing) + (missing.size() == 1 ? " is" : " are") + " not in this run (compare "
                + "--workload cpu-only with " + figures.first().module() + " and " + figures.second().module()
                + "): report D's write, query and disk ratios are not measured.";
    }

    private static Optional<Database> find(List<Database> databases, Side side) {
        return databases.stream().filter(db -> db.name().equals(side.module()) && Figures.cpuOnly(db)).findFirst();
    }

    /** This run's figure of one database for the figure, read from its manifest; empty when it was not measured. */
    static Optional<MeasuredFigure> measure(Figure f, Database db) {
        return switch (f.measure()) {
            case WRITE -> db.load()
                    .filter(l -> l.verified() && l.metricsPerSecond() != null && l.metricsPerSecond() > 0)
                    .map(l -> new MeasuredFigure(l.metricsPerSecond(), String.format(Locale.ROOT,
                            "%,.0f points/s (the load: %,.0f rows/s)", l.metricsPerSecond(), l.rowsPerSecond())));
            case QUERY_WHOLE_SPAN, QUERY_TWO_FIFTHS -> spanQuery(db, f.measure() == Measure.QUERY_WHOLE_SPAN)
                    .map(q -> new MeasuredFigure(q.p50(), Figures.ms(q.p50()) + " ms p50" + clients(db)));
            case DISK -> db.disk().filter(d -> d.bytes() > 0)
                    .map(d -> new MeasuredFigure(d.bytes(), Figures.bytes(d.bytes())));
            case COMPRESSION -> db.disk().filter(d -> d.bytes() > 0 && d.rawTextBytes() > 0).map(d -> {
                double x = (double) d.rawTextBytes() / d.bytes();
                return new MeasuredFigure(x, Figures.number(x) + " (" + Figures.bytes(d.rawTextBytes()) + " of text in "
                        + Figures.bytes(d.bytes()) + ")");
            });
        };
    }

    /**
     * The minute-max-first-10 query of the whole span (its end at the data set's end, as the manifest's hosts
     * record it) or of the first two fifths (its end before it), with a median; empty when not run.
     */
    static Optional<QueryLatency> spanQuery(Database db, boolean whole) {
        Optional<WorkloadRecord.Hosts> hosts = Optional.ofNullable(db.manifest()).map(Manifest::workload)
                .map(WorkloadRecord::hosts);
        if (hosts.isEmpty()) return Optional.empty();
        for (QueryLatency q : db.queries().values()) {
            if (!q.id().startsWith(QUERY_PREFIX) || !(q.p50() > 0)) continue;
            long endMs = spanEndMs(q.id());
            if (endMs != Long.MIN_VALUE && (endMs * 1_000_000L >= hosts.get().endNs()) == whole) return Optional.of(q);
        }
        return Optional.empty();
    }

    /** The span's end of an id {@code devops.minute-max-first-10.host_0.<start>.<end>}; MIN_VALUE if none. */
    private static long spanEndMs(String id) {
        try {
            return Long.parseLong(id.substring(id.lastIndexOf('.') + 1));
        } catch (NumberFormatException e) {
            return Long.MIN_VALUE;
        }
    }

    /** " (1 client)", " (4 clients)": the query step's clients at once, as the manifest records them. */
    private static String clients(Database db) {
        Integer n = IotPublishedComparison.queryClients(db);
        return n == null ? "" : " (" + n + (n == 1 ? " client)" : " clients)");
    }

    /**
     * Why the row is not like for like: the figure's own caveat, each side's points under a tenth of report
     * D's (the IoT rows' rule), a machine of fewer cores than report D's servers had, a disk figure that may
     * count earlier runs' data (OpenTSDB's until HBase's major compaction).
     */
    private LikeForLike basis(Figure f, Database a, Database b) {
        LikeForLike basis = new LikeForLike().unless(f.caveat());
        if (a == null || b == null) return basis;
        long published = figures.report().points();
        List<String> small = new ArrayList<>();
        List<String> fewCores = new ArrayList<>();
        List<String> leftovers = new ArrayList<>();
        for (Database db : new Database[] {a, b}) {
            boolean disk = f.measure() == Measure.DISK || f.measure() == Measure.COMPRESSION;
            db.disk().filter(d -> disk && d.countsLeftovers()).ifPresent(d -> leftovers.add(db.displayName() + "'s ("
                    + d.serverHeld() + ")"));
            long points = points(db);
            if (points * LikeForLike.SCALE_LIMIT < published) {
                small.add(points <= 0 ? db.displayName() + " points not recorded"
                        : String.format(Locale.ROOT, "%s %,d (%s)", db.displayName(), points, hostsHours(db)));
            }
            Integer cores = Optional.ofNullable(db.manifest()).map(Manifest::machine).map(MachineRecord::cores)
                    .orElse(null);
            if (cores == null || cores < figures.report().cores()) {
                fewCores.add(db.displayName() + (cores == null ? " cores not recorded" : " " + Figures.cores(cores)));
            }
        }
        if (!small.isEmpty()) {
            basis.unless(String.format(Locale.ROOT, "under a tenth of report D's about %,d points: ", published)
                    + String.join(", ", small));
        }
        if (!leftovers.isEmpty()) {
            basis.unless("a disk figure that may count earlier runs' data: " + String.join(", ", leftovers));
        }
        if (!fewCores.isEmpty()) {
            basis.unless("the machine here: " + String.join(", ", fewCores) + ", report D's servers "
                    + figures.report().cores() + " cores each");
        }
        return basis;
    }

    /** The points the load step acknowledged (TSBS's metrics: ten a row); 0 when not recorded. */
    private static long points(Database db) {
        return db.load().map(LoadRecord::metricsAcknowledged).orElse(0L);
    }

    /** "10 hosts x 13 h" from the manifest's hosts record; "scale not recorded" without one. */
    private static String hostsHours(Database db) {
        return Optional.ofNullable(db.manifest()).map(Manifest::workload).map(WorkloadRecord::hosts)
                .map(h -> String.format(Locale.ROOT, "%,d hosts x %s h", h.hosts(),
                        Figures.number((h.endNs() - h.startNs()) / 3.6e12)))
                .orElse("scale not recorded");
    }

    private static String scale(Optional<Database> db, Side side) {
        return db.filter(Database::hasManifest).map(d -> String.format(Locale.ROOT, "%s %,d points (%s)",
                d.displayName(), points(d), hostsHours(d))).orElse(side.product() + " not in this run");
    }

    private static String version(Optional<Database> db, Side side) {
        return db.filter(Database::hasManifest).map(d -> d.displayName() + " " + d.serverVersion())
                .orElse(side.product() + " not in this run") + " (published " + side.version() + ")";
    }

    /** What is particular to one row: what a side lacks for it, the data set, its source. */
    private static List<String> differences(Figure f, Database a, Database b) {
        List<String> d = new ArrayList<>();
        for (Database db : new Database[] {a, b}) {
            if (db == null || !db.hasManifest()) continue;
            String name = db.displayName();
            switch (f.measure()) {
                case QUERY_WHOLE_SPAN, QUERY_TWO_FIFTHS -> {
                    if (db.absentQueries().stream().anyMatch(q -> q.startsWith(QUERY_PREFIX))) {
                        d.add(name + " has no minute-max-first-10 (absent in its dialect, never faked)");
                    }
                }
                case DISK, COMPRESSION -> {
                    if (db.disk().filter(disk -> disk.bytes() > 0).isEmpty()) {
                        d.add(name + "'s disk not measured in this run");
                    }
                }
                case WRITE -> {
                    if (measure(f, db).isEmpty()) {
                        d.add(name + "'s load not verified or its metrics/s not counted in this run");
                    }
                }
            }
        }
        if (f.measure() == Measure.QUERY_WHOLE_SPAN || f.measure() == Measure.QUERY_TWO_FIFTHS) {
            d.add("OpenTSDB has no LIMIT: its query here reads the span's every minute and the client keeps the first"
                    + " ten; report D does not publish its OpenTSDB query");
        }
        d.add("data: TSBS's cpu-only here, influxdb-comparisons' DevOps cpu data (seed 654147269) in report D");
        d.add("source: report D, " + f.source());
        return d;
    }
}
