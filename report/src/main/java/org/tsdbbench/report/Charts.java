package org.tsdbbench.report;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Paint;
import java.awt.Rectangle;
import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.text.NumberFormat;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import java.util.function.ToDoubleFunction;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.CategoryAxis;
import org.jfree.chart.axis.CategoryLabelPositions;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.NumberTickUnit;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.labels.ItemLabelAnchor;
import org.jfree.chart.labels.ItemLabelPosition;
import org.jfree.chart.labels.StandardCategoryItemLabelGenerator;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.Plot;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.category.BarRenderer;
import org.jfree.chart.renderer.category.StandardBarPainter;
import org.jfree.chart.renderer.category.StatisticalBarRenderer;
import org.jfree.chart.renderer.xy.XYErrorRenderer;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.ui.RectangleAnchor;
import org.jfree.chart.ui.RectangleInsets;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.data.category.DefaultCategoryDataset;
import org.jfree.data.statistics.DefaultStatisticalCategoryDataset;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import org.jfree.data.xy.YIntervalSeries;
import org.jfree.data.xy.YIntervalSeriesCollection;
import org.jfree.svg.SVGGraphics2D;
import org.jfree.svg.ViewBox;
import org.tsdbbench.report.Further.RangeCell;
import org.tsdbbench.report.Further.VolumeBlock;
import org.tsdbbench.report.RunResults.Database;
import org.tsdbbench.report.RunResults.Disk;
import org.tsdbbench.report.RunResults.QueryLatency;
import org.tsdbbench.report.RunResults.WriteCell;

/**
 * The report's charts, drawn by JFreeChart into inline SVG by JFreeSVG: write rows/s against
 * clients (one series per rows-per-request), the best write per database, query latency against
 * the share of devices per query family and per q1 group (databases as series), disk use, and the
 * further tests: range queries/s against clients, volume growth's write and read rows/s against the rows stored.
 * Error bars are JMH's 99.9% confidence intervals. A database keeps its colour in every chart.
 */
final class Charts {

    /** A rendered chart: its element id, title, the series drawn and the colour of each, and the SVG. */
    record Chart(String id, String title, Map<String, Color> series, String svg) {
    }

    /** Okabe-Ito colours: told apart with the common colour-vision deficiencies, legible on white. */
    static final List<Color> PALETTE = List.of(new Color(0x0072B2), new Color(0xD55E00), new Color(0x009E73), new Color(0xCC79A7),
            new Color(0xE69F00), new Color(0x56B4E9), new Color(0x000000));
    static final int WIDTH = 720;
    static final int HEIGHT = 360;
    /** The two series of the published-vs-measured chart. */
    static final String PUBLISHED = "published";
    static final String MEASURED = "measured here";
    private static final Font TITLE_FONT = new Font(Font.SANS_SERIF, Font.BOLD, 15);
    /** Latency axes turn logarithmic when the values span more than this ratio. */
    private static final double LOG_SCALE_RATIO = 50;

    private final List<Database> databases;
    private int drawn;

    Charts(List<Database> databases) {
        this.databases = List.copyOf(databases);
    }

    private Color colorOf(Database db) {
        return PALETTE.get(databases.indexOf(db) % PALETTE.size());
    }

    /** Rows/s against clients for one database, one series per rows-per-request (and write path, when it has several); failed cells are not drawn. */
    Optional<Chart> writeVsClients(Database db) {
        TreeSet<Integer> rprs = new TreeSet<>();
        for (WriteCell c : db.writes()) if (c.measured()) rprs.add(c.rowsPerRequest());
        if (rprs.isEmpty()) return Optional.empty();
        YIntervalSeriesCollection data = new YIntervalSeriesCollection();
        Map<String, Color> series = new LinkedHashMap<>();
        List<String> paths = db.writePaths();
        int i = 0;
        for (String path : paths) {
            for (int r : rprs) {
                List<WriteCell> cells = db.writes(path).stream().filter(c -> c.measured() && c.rowsPerRequest() == r).toList();
                if (cells.isEmpty()) continue;
                String name = "R/R " + r + (paths.size() > 1 ? " " + path : "");
                YIntervalSeries s = new YIntervalSeries(name);
                cells.forEach(c -> add(s, c.clients(), c.rowsPerSecond(), c.error()));
                data.addSeries(s);
                series.put(name, PALETTE.get(i++ % PALETTE.size()));
            }
        }
        NumberAxis x = integerAxis("clients");
        String title = db.displayName() + ": write, rows/s by clients";
        return Optional.of(xyChart("write-" + slug(db.displayName()), title, data, series, x, valueAxis("rows/s", data, false)));
    }

    /**
     * Rows acknowledged in each second of each write cell's measured window, one line per cell: a
     * figure that drifts, stalls or steps (a flush, a compaction) shows here, where the mean hides it.
     */
    Optional<Chart> writeEachSecond(Database db) {
        XYSeriesCollection data = new XYSeriesCollection();
        Map<String, Color> series = new LinkedHashMap<>();
        List<String> paths = db.writePaths();
        for (WriteCell c : db.writes()) {
            if (!c.measured() || c.ackedEachSecond().isEmpty()) continue;
            String name = "R/R " + c.rowsPerRequest() + " x " + c.clients() + (paths.size() > 1 && c.path() != null ? " " + c.path() : "");
            XYSeries s = new XYSeries(name);
            // The last second is partial: drawn as a rate it would dip, so it is left out.
            List<Long> seconds = c.ackedEachSecond();
            for (int i = 0; i < Math.max(1, seconds.size() - 1); i++) s.add(i + 1, seconds.get(i));
            data.addSeries(s);
            series.put(name, PALETTE.get(series.size() % PALETTE.size()));
        }
        if (series.isEmpty()) return Optional.empty();
        XYLineAndShapeRenderer r = new XYLineAndShapeRenderer(true, false);
        int i = 0;
        for (Color color : series.values()) {
            r.setSeriesPaint(i, color);
            r.setSeriesStroke(i++, new BasicStroke(2f));
        }
        XYPlot plot = new XYPlot(data, integerAxis("second of the measured window"), numberAxis("rows/s"), r);
        plot.setDomainGridlinePaint(new Color(0xDDDDDD));
        plot.setRangeGridlinePaint(new Color(0xDDDDDD));
        return Optional.of(draw("write-seconds-" + slug(db.displayName()), db.displayName() + ": write, rows acknowledged each second",
                plot, series));
    }

    /** Range queries/s against clients (with JMH's 99.9% CI), one series per database and rows per query. */
    Optional<Chart> rangeQueriesPerSecond() {
        YIntervalSeriesCollection data = new YIntervalSeriesCollection();
        Map<String, Color> series = new LinkedHashMap<>();
        for (Database db : databases) {
            TreeSet<Integer> sizes = new TreeSet<>();
            for (RangeCell c : db.further().range()) sizes.add(c.resultRows());
            for (int rows : sizes) {
                String name = db.displayName() + ", " + rows + (rows == 1 ? " row" : " rows");
                YIntervalSeries s = new YIntervalSeries(name);
                for (RangeCell c : db.further().range()) {
                    if (c.resultRows() == rows && !Double.isNaN(c.queriesPerSecond())) add(s, c.clients(), c.queriesPerSecond(), c.error());
                }
                if (s.getItemCount() == 0) continue;
                data.addSeries(s);
                series.put(name, PALETTE.get(series.size() % PALETTE.size()));
            }
        }
        if (series.isEmpty()) return Optional.empty();
        return Optional.of(xyChart("range-qps", "Concurrent range queries, queries/s by clients", data, series, integerAxis("clients"),
                valueAxis("queries/s", data, false)));
    }

    /** One volume-growth figure (write or read rows/s) against the rows stored before each block, databases as series. */
    Optional<Chart> volume(String id, String label, ToDoubleFunction<VolumeBlock> figure) {
        YIntervalSeriesCollection data = new YIntervalSeriesCollection();
        Map<String, Color> series = new LinkedHashMap<>();
        for (Database db : databases) {
            YIntervalSeries s = new YIntervalSeries(db.displayName());
            for (VolumeBlock b : db.further().volume()) {
                double v = figure.applyAsDouble(b);
                if (!Double.isNaN(v) && !Double.isNaN(b.storedRowsBefore())) add(s, b.storedRowsBefore(), v, Double.NaN);
            }
            if (s.getItemCount() == 0) continue;
            data.addSeries(s);
            series.put(db.displayName(), colorOf(db));
        }
        if (series.isEmpty()) return Optional.empty();
        NumberAxis x = new NumberAxis("rows stored before the block");
        x.setNumberFormatOverride(decimalFormat("#,##0"));
        return Optional.of(xyChart("volume-" + id, "Volume growth, " + label + " by rows stored", data, series, x, valueAxis(label, data, false)));
    }

    /** Each database's best write cell as a bar with its confidence interval. */
    Optional<Chart> bestWrite() {
        DefaultStatisticalCategoryDataset data = new DefaultStatisticalCategoryDataset();
        Map<String, Color> series = new LinkedHashMap<>();
        for (Database db : databases) {
            Figures.best(db).ifPresent(c -> {
                Double error = Double.isNaN(c.error()) ? null : c.error();
                data.add(Double.valueOf(c.rowsPerSecond()), error, "best write", db.displayName());
                series.put(db.displayName(), colorOf(db));
            });
        }
        if (series.isEmpty()) return Optional.empty();
        StatisticalBarRenderer r = new StatisticalBarRenderer() {
            private static final long serialVersionUID = 1L;

            @Override
            public Paint getItemPaint(int row, int column) {
                return series.get((String) data.getColumnKey(column));
            }
        };
        r.setErrorIndicatorPaint(Color.BLACK);
        r.setErrorIndicatorStroke(new BasicStroke(1.5f));
        // the figure inside the bar's top, where the error bar does not cover it
        r.setDefaultPositiveItemLabelPosition(new ItemLabelPosition(ItemLabelAnchor.INSIDE12, TextAnchor.TOP_CENTER));
        r.setDefaultItemLabelPaint(Color.WHITE);
        r.setDefaultItemLabelFont(new Font(Font.SANS_SERIF, Font.BOLD, 12));
        CategoryPlot plot = new CategoryPlot(data, new CategoryAxis(null), numberAxis("rows/s"), r);
        return Optional.of(categoryChart("write-best", "Best write per database, rows/s (99.9% CI)", plot, series));
    }

    /** Latency of one query family (q2.avg, q3.count, ...) against the share of devices, databases as series. */
    Optional<Chart> queryFamily(String family) {
        return latencyChart("query-" + slug(family), family + ": latency by share of devices", "devices queried, %", family + ".p",
                integerAxis("devices queried, %"));
    }

    /** q1 latency per group, databases as series. */
    Optional<Chart> q1() {
        return latencyChart("query-q1", "q1 (read one group): latency by group", "devgroup", "q1.g", integerAxis("devgroup"));
    }

    private Optional<Chart> latencyChart(String id, String title, String xLabel, String idPrefix, NumberAxis x) {
        YIntervalSeriesCollection data = new YIntervalSeriesCollection();
        Map<String, Color> series = new LinkedHashMap<>();
        for (Database db : databases) {
            YIntervalSeries s = new YIntervalSeries(db.displayName());
            for (QueryLatency q : db.queries().values()) {
                if (!q.id().startsWith(idPrefix) || Double.isNaN(q.mean())) continue;
                try {
                    add(s, Integer.parseInt(q.id().substring(idPrefix.length())), q.mean(), q.meanError());
                } catch (NumberFormatException e) {
                    // another family sharing the prefix (q2.avg.p10 vs a query id the catalog does not know): not this chart
                }
            }
            if (s.getItemCount() == 0) continue;
            data.addSeries(s);
            series.put(db.displayName(), colorOf(db));
        }
        if (series.isEmpty()) return Optional.empty();
        return Optional.of(xyChart(id, title + ", mean ms (99.9% CI)", data, series, x, valueAxis("ms", data, true)));
    }

    /** The query families the databases measured (q2.avg, q3.count, q4.sum, ...), in name order. */
    static List<String> queryFamilies(List<Database> databases) {
        TreeSet<String> families = new TreeSet<>();
        for (Database db : databases) {
            for (String id : db.queries().keySet()) {
                int p = id.lastIndexOf(".p");
                if (Figures.isShareQuery(id)) families.add(id.substring(0, p));
            }
        }
        return new ArrayList<>(families);
    }

    /** Bytes on disk per database beside the raw text of the same rows, in MB. */
    Optional<Chart> diskBytes() {
        return diskChart("disk-bytes", "Disk use, MB: stored by the database vs raw text", "MB",
                d -> d.bytes() >= 0 ? d.bytes() / 1e6 : Double.NaN, d -> d.rawTextBytes() >= 0 ? d.rawTextBytes() / 1e6 : Double.NaN);
    }

    /** Bytes per row on disk per database beside the raw text's bytes per row. */
    Optional<Chart> diskBytesPerRow() {
        return diskChart("disk-bytes-per-row", "Disk use, bytes per row: stored vs raw text", "bytes/row",
                Figures::bytesPerRow, Disk::rawTextBytesPerRow);
    }

    private interface DiskFigure {
        double of(Disk d);
    }

    private Optional<Chart> diskChart(String id, String title, String unit, DiskFigure stored, DiskFigure raw) {
        DefaultCategoryDataset data = new DefaultCategoryDataset();
        for (Database db : databases) {
            Optional<Disk> d = db.disk();
            if (d.isEmpty() || Double.isNaN(stored.of(d.get()))) continue;
            data.addValue(stored.of(d.get()), "stored by the database", db.displayName());
            double text = raw.of(d.get());
            data.addValue(Double.isNaN(text) ? null : text, "raw text", db.displayName());
        }
        if (data.getColumnCount() == 0) return Optional.empty();
        Map<String, Color> series = new LinkedHashMap<>();
        series.put("stored by the database", PALETTE.get(0));
        series.put("raw text", new Color(0x999999));
        BarRenderer r = new BarRenderer();
        CategoryPlot plot = new CategoryPlot(data, new CategoryAxis(null), numberAxis(unit), r);
        return Optional.of(categoryChart(id, title, plot, series));
    }

    /**
     * Published vs measured: TDengine's lead over each database per published test, the published
     * ratio beside the one this run measured, on a log axis (leads run from below 1 to thousands),
     * one chart per group of the section. A ratio this run did not measure has no bar.
     */
    Optional<Chart> publishedVsMeasured(List<PublishedComparison.Row> rows, PublishedComparison.Group group) {
        if (rows.isEmpty()) return Optional.empty();
        DefaultCategoryDataset data = new DefaultCategoryDataset();
        double min = Double.POSITIVE_INFINITY;
        double max = 0;
        for (PublishedComparison.Row r : rows) {
            String category = r.test().id() + " vs " + r.otherName();
            data.addValue(r.publishedRatio(), PUBLISHED, category);
            data.addValue(Double.isNaN(r.measuredRatio()) ? null : r.measuredRatio(), MEASURED, category);
            for (double v : new double[] {r.publishedRatio(), r.measuredRatio()}) {
                if (v > 0) {
                    min = Math.min(min, v);
                    max = Math.max(max, v);
                }
            }
        }
        Map<String, Color> series = new LinkedHashMap<>();
        series.put(PUBLISHED, new Color(0x999999));
        series.put(MEASURED, PALETTE.get(0));
        LogAxis lead = new LogAxis("TDengine's lead, times (log scale; 1 = even)");
        lead.setBase(10);
        lead.setTickUnit(new NumberTickUnit(1));
        lead.setMinorTickCount(9);
        lead.setMinorTickMarksVisible(true);
        lead.setNumberFormatOverride(decimalFormat("#,##0.###"));
        // from below the smallest lead (and below 1, so "even" is on the axis) to above the largest, with room for the labels
        lead.setRange(Math.min(min, 1) / 3, Math.max(max, 1) * 8);
        BarRenderer r = new BarRenderer();
        CategoryPlot plot = new CategoryPlot(data, new CategoryAxis(null), lead, r);
        plot.setOrientation(PlotOrientation.HORIZONTAL);
        ValueMarker even = new ValueMarker(1, Color.DARK_GRAY, new BasicStroke(1f));
        even.setLabel("even");
        even.setLabelAnchor(RectangleAnchor.BOTTOM_RIGHT);
        even.setLabelTextAnchor(TextAnchor.BOTTOM_LEFT);
        plot.addRangeMarker(even);
        // each ratio to the right of its bar, as the table writes it (23.9x, 0.725x)
        r.setDefaultItemLabelGenerator(new StandardCategoryItemLabelGenerator() {
            private static final long serialVersionUID = 1L;

            @Override
            public String generateLabel(org.jfree.data.category.CategoryDataset dataset, int row, int column) {
                Number v = dataset.getValue(row, column);
                return v == null ? null : PublishedComparison.ratio(v.doubleValue());
            }
        });
        r.setDefaultPositiveItemLabelPosition(new ItemLabelPosition(ItemLabelAnchor.OUTSIDE3, TextAnchor.CENTER_LEFT));
        r.setItemMargin(0.05);
        boolean headline = group == PublishedComparison.Group.HEADLINE;
        return Optional.of(categoryChart(headline ? "published-vs-measured" : "published-vs-measured-" + slug(group.name()),
                "Published vs measured: TDengine's lead per test" + (headline ? "" : ", " + group.title()), plot, series,
                Math.max(HEIGHT, 90 + rows.size() * 34)));
    }

    private static void add(YIntervalSeries s, double x, double y, double error) {
        double e = Double.isNaN(error) ? 0 : error;
        s.add(x, y, y - e, y + e);
    }

    private Chart xyChart(String id, String title, YIntervalSeriesCollection data, Map<String, Color> series, ValueAxis x, ValueAxis y) {
        XYErrorRenderer r = new XYErrorRenderer();
        r.setDrawXError(false);
        r.setDefaultLinesVisible(true);
        r.setDefaultShapesVisible(true);
        r.setCapLength(8);
        r.setErrorStroke(new BasicStroke(1.5f));
        int i = 0;
        for (Color c : series.values()) {
            r.setSeriesPaint(i, c);
            r.setSeriesStroke(i++, new BasicStroke(2.5f));
        }
        XYPlot plot = new XYPlot(data, x, y, r);
        plot.setDomainGridlinePaint(new Color(0xDDDDDD));
        plot.setRangeGridlinePaint(new Color(0xDDDDDD));
        return draw(id, title, plot, series);
    }

    private Chart categoryChart(String id, String title, CategoryPlot plot, Map<String, Color> series) {
        return categoryChart(id, title, plot, series, HEIGHT);
    }

    private Chart categoryChart(String id, String title, CategoryPlot plot, Map<String, Color> series, int height) {
        BarRenderer r = (BarRenderer) plot.getRenderer();
        r.setBarPainter(new StandardBarPainter());
        r.setShadowVisible(false);
        r.setMaximumBarWidth(0.12);
        int i = 0;
        for (Color c : series.values()) r.setSeriesPaint(i++, c);
        if (r.getDefaultItemLabelGenerator() == null) {
            r.setDefaultItemLabelGenerator(new StandardCategoryItemLabelGenerator("{2}", decimalFormat("#,##0.#")));
        }
        r.setItemLabelInsets(new RectangleInsets(6, 6, 6, 6));
        r.setDefaultItemLabelsVisible(true);
        plot.setRangeGridlinePaint(new Color(0xDDDDDD));
        plot.getDomainAxis().setCategoryLabelPositions(CategoryLabelPositions.STANDARD);
        return draw(id, title, plot, series, height);
    }

    private Chart draw(String id, String title, Plot plot, Map<String, Color> series) {
        return draw(id, title, plot, series, HEIGHT);
    }

    private Chart draw(String id, String title, Plot plot, Map<String, Color> series, int height) {
        plot.setBackgroundPaint(Color.WHITE);
        plot.setOutlineVisible(false);
        plot.setInsets(new RectangleInsets(8, 8, 8, 16));
        // a bar chart of one series (best write) names its bars on the axis; the others need a legend
        boolean legend = !(plot instanceof CategoryPlot cp) || cp.getDataset().getRowCount() > 1;
        JFreeChart chart = new JFreeChart(title, TITLE_FONT, plot, legend);
        chart.setBackgroundPaint(Color.WHITE);
        SVGGraphics2D g2 = new SVGGraphics2D(WIDTH, height);
        g2.setDefsKeyPrefix("c" + (++drawn) + "-");
        chart.draw(g2, new Rectangle(0, 0, WIDTH, height));
        String svg = g2.getSVGElement("svg-" + id, true, new ViewBox(0, 0, WIDTH, height), null, null);
        return new Chart(id, title, series, svg);
    }

    private static NumberAxis integerAxis(String label) {
        NumberAxis x = new NumberAxis(label);
        x.setStandardTickUnits(NumberAxis.createIntegerTickUnits(Locale.ROOT));
        x.setAutoRangeIncludesZero(false);
        x.setNumberFormatOverride(decimalFormat("#,##0"));
        return x;
    }

    private static NumberAxis numberAxis(String label) {
        NumberAxis y = new NumberAxis(label);
        y.setNumberFormatOverride(decimalFormat("#,##0.###"));
        return y;
    }

    /** A linear axis from zero, or for latencies spanning orders of magnitude a logarithmic one (said in its label). */
    private static ValueAxis valueAxis(String label, YIntervalSeriesCollection data, boolean logWhenWide) {
        double min = Double.POSITIVE_INFINITY;
        double max = 0;
        for (int s = 0; s < data.getSeriesCount(); s++) {
            for (int i = 0; i < data.getItemCount(s); i++) {
                min = Math.min(min, data.getStartYValue(s, i));
                max = Math.max(max, data.getEndYValue(s, i));
            }
        }
        if (logWhenWide && min > 0 && max / min > LOG_SCALE_RATIO) {
            LogAxis log = new LogAxis(label + " (log scale)");
            log.setBase(10);
            log.setTickUnit(new NumberTickUnit(1));
            log.setMinorTickCount(9);
            log.setMinorTickMarksVisible(true);
            log.setNumberFormatOverride(decimalFormat("#,##0.###"));
            log.setSmallestValue(min / 2);
            return log;
        }
        NumberAxis y = numberAxis(label);
        y.setAutoRangeIncludesZero(true);
        if (max == 0) y.setTickUnit(new NumberTickUnit(1));
        return y;
    }

    private static NumberFormat decimalFormat(String pattern) {
        return new DecimalFormat(pattern, DecimalFormatSymbols.getInstance(Locale.ROOT));
    }

    /** An id-safe form of a name: lower case letters, digits and dashes. */
    static String slug(String name) {
        return name.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-").replaceAll("(^-|-$)", "");
    }
}
