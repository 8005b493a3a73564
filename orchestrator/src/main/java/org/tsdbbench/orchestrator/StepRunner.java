package org.tsdbbench.orchestrator;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.tsdbbench.results.Minutes;

/**
 * Runs one step of a database jar as its own JVM, its output appended to the database's log, and
 * says once a minute how far it is (the step's last progress line and, from its "i/N" counters,
 * the time it has left). The step's exit code decides: 0 verified, 1 failed, 2 bad input. One
 * step runs at a time; {@link #abort} ends it (and its JMH forks) when the run is interrupted.
 */
final class StepRunner {

    /** A step's progress lines: query i/N, write cell i/N, and the load's progress bar. */
    private static final Pattern PROGRESS = Pattern.compile("^(# answer check \\d+/\\d+|# query \\d+/\\d+|# write cell \\d+/\\d+|load [a-z0-9]+ +\\d+%).*");
    private static final Pattern COUNTER = Pattern.compile("(\\d+)/(\\d+)");
    /** A counter line with the step's own time left: "# query 4/12: q3.count.p100; about 1 h 05 min left by the answer checks' times". */
    private static final Pattern STEP_TIME_LEFT = Pattern.compile("^(.*); about (?:(\\d+) h )?(\\d+) min left\\b.*$");

    private final Consumer<String> say;
    private final Duration heartbeat;
    private volatile Process running;

    StepRunner(Consumer<String> say, Duration heartbeat) {
        this.say = say;
        this.heartbeat = heartbeat;
    }

    /** Runs {@code command} with {@code env} added, output appended to {@code log}; its exit code. */
    int run(String label, List<String> command, Map<String, String> env, Path log) throws IOException, InterruptedException {
        long from = log.toFile().length();
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
        pb.environment().putAll(env);
        long started = System.nanoTime();
        Progress progress = new Progress(label, log, from, started);
        ScheduledExecutorService ticker = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "progress");
            t.setDaemon(true);
            return t;
        });
        Process p = pb.start();
        running = p;
        try {
            ticker.scheduleAtFixedRate(() -> say.accept(progress.line()), heartbeat.toMillis(), heartbeat.toMillis(), TimeUnit.MILLISECONDS);
            return p.waitFor();
        } finally {
            ticker.shutdownNow();
            running = null;
        }
    }

    /** Ends the running step, its JMH forks first (each writes what it measured so far as it ends). */
    void abort() {
        Process p = running;
        if (p == null) return;
        List<ProcessHandle> children = new ArrayList<>(p.descendants().toList());
        children.forEach(ProcessHandle::destroy);
        p.destroy();
        try {
            if (!p.waitFor(30, TimeUnit.SECONDS)) p.destroyForcibly();
            for (ProcessHandle c : children) c.onExit().get(10, TimeUnit.SECONDS);
        } catch (Exception e) {
            children.forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
        }
    }

    /**
     * One step's progress from its log. A step that knows its time left says so on its counter line
     * ("; about 12 min left by ..."; the query step, from its answer checks' times), counted down here
     * from when the line appeared. Else the rate is taken from when a counter of that kind was first
     * seen: what a step does before (the query step checks every answer once, minutes at 10 M rows)
     * says nothing about the time per query or cell.
     */
    static final class Progress {
        private final String label;
        private final Path log;
        private final long from;
        private final long started;
        private String counterKind;
        private long counterSeenAt;
        private int counterFirst;
        private String lastLine;
        private long lastLineSeenAt;

        Progress(String label, Path log, long from, long started) {
            this.label = label;
            this.log = log;
            this.from = from;
            this.started = started;
        }

        String line() {
            return line(System.nanoTime());
        }

        /** The progress line at {@code now} (System.nanoTime()). */
        String line(long now) {
            long elapsed = TimeUnit.NANOSECONDS.toSeconds(now - started);
            String last = lastProgressLine();
            if (last == null) return label + ": running for " + Minutes.text(elapsed);
            Matcher m = COUNTER.matcher(last);
            if (!last.startsWith("#") || !m.find()) {
                String oneLine = last.replaceAll("\\s+", " ");
                return label + ": " + oneLine.substring(0, Math.min(160, oneLine.length()));
            }
            int i = Integer.parseInt(m.group(1));
            int n = Integer.parseInt(m.group(2));
            if (!last.equals(lastLine)) {
                lastLine = last;
                lastLineSeenAt = now;
            }
            String kind = last.substring(0, m.start());
            if (!kind.equals(counterKind)) {
                counterKind = kind;
                counterSeenAt = now;
                counterFirst = i;
            }
            Matcher own = STEP_TIME_LEFT.matcher(last);
            boolean stepSaysTimeLeft = own.matches();
            String text = label + ": " + (stepSaysTimeLeft ? own.group(1) : last).substring(2) + " (" + Minutes.text(elapsed) + " so far";
            if (stepSaysTimeLeft) {
                long said = 60 * (60 * (own.group(2) == null ? 0 : Long.parseLong(own.group(2))) + Long.parseLong(own.group(3)));
                text += ", about " + Minutes.text(Math.max(1, said - TimeUnit.NANOSECONDS.toSeconds(now - lastLineSeenAt))) + " left";
            } else if (i > counterFirst) {
                long per = TimeUnit.NANOSECONDS.toSeconds(now - counterSeenAt) / (i - counterFirst);
                text += ", about " + Minutes.text(per * (n - i + 1)) + " left";
            }
            return text + ")";
        }

        /** The step's last progress line (the load's bar redraws itself with \r: each redraw counts as a line). */
        private String lastProgressLine() {
            try (RandomAccessFile f = new RandomAccessFile(log.toFile(), "r")) {
                long length = f.length();
                long start = Math.max(from, length - 64 * 1024);
                byte[] tail = new byte[(int) (length - start)];
                f.seek(start);
                f.readFully(tail);
                String last = null;
                for (String line : new String(tail, StandardCharsets.UTF_8).split("[\r\n]")) {
                    if (PROGRESS.matcher(line).matches()) last = line;
                }
                return last;
            } catch (IOException e) {
                return null;
            }
        }
    }
}
