package org.tsdbbench.common.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.tsdbbench.results.ConditionsRecord;

/**
 * What spoils a measurement on a small machine, checked before a step and kept in the manifest:
 * other processes busy on the CPUs the client and server share (the machine's busy share over one
 * second while the harness waits, and the load average), and slow file creation on the results'
 * filesystem, which follows a mass delete on ext4 without a journal for minutes (see the project's
 * notes on these machines). Each finding that would skew figures becomes a warning line.
 */
final class RunConditions {

    /** Busy share of the whole machine, with nothing of ours running, above which figures are suspect. */
    static final double BUSY_WARNING_PERCENT = 20;
    /** Microseconds to create and delete one empty file, above which the filesystem is still catching up. */
    static final double FILE_CREATE_WARNING_MICROS = 500;

    private RunConditions() {
    }

    static ConditionsRecord check(String step, Path dir) {
        return of(step, busyPercent(1000), loadAverage(), fileCreateMicros(dir, 200), dir);
    }

    /** The manifest's record of the readings before {@code step} (NaN: not readable here, left out) and the warnings they call for. */
    static ConditionsRecord of(String step, double busy, double load, double fileCreateMicros, Path dir) {
        List<String> warnings = new ArrayList<>();
        if (busy > BUSY_WARNING_PERCENT) { // false for NaN
            warnings.add(String.format(Locale.ROOT, "other processes kept %.0f%% of the machine's CPUs busy in the second before"
                    + " the step: figures measured now are low", busy));
        }
        if (fileCreateMicros > FILE_CREATE_WARNING_MICROS) {
            warnings.add(String.format(Locale.ROOT, "creating a file in %s took %.0f us (a mass delete on this filesystem in the last"
                    + " minutes slows writes for a while): write figures measured now are low", dir, fileCreateMicros));
        }
        return new ConditionsRecord(step, orNull(busy), orNull(load), orNull(fileCreateMicros), warnings);
    }

    private static Double orNull(double reading) {
        return Double.isNaN(reading) ? null : reading;
    }

    /** The share of all CPUs busy over the interval, from /proc/stat; NaN where there is none. */
    static double busyPercent(long millis) {
        long[] a = cpuTimes();
        if (a == null) return Double.NaN;
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Double.NaN;
        }
        long[] b = cpuTimes();
        if (b == null) return Double.NaN;
        long total = b[0] - a[0];
        return total <= 0 ? Double.NaN : 100.0 * (total - (b[1] - a[1])) / total;
    }

    /** Total and idle (idle + iowait) jiffies of the "cpu" line of /proc/stat. */
    private static long[] cpuTimes() {
        try {
            String line = Files.readAllLines(Path.of("/proc/stat")).get(0);
            String[] f = line.trim().split("\\s+");
            long total = 0;
            for (int i = 1; i < f.length; i++) total += Long.parseLong(f[i]);
            return new long[] {total, Long.parseLong(f[4]) + Long.parseLong(f[5])};
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    private static double loadAverage() {
        try {
            return Double.parseDouble(Files.readString(Path.of("/proc/loadavg")).split(" ")[0]);
        } catch (IOException | RuntimeException e) {
            return Double.NaN;
        }
    }

    /** Mean microseconds to create and delete one empty file in {@code dir}; NaN when it cannot be written. */
    static double fileCreateMicros(Path dir, int files) {
        try {
            Path probe = Files.createTempDirectory(dir, ".probe");
            long start = System.nanoTime();
            for (int i = 0; i < files; i++) Files.delete(Files.createFile(probe.resolve("f" + i)));
            double micros = (System.nanoTime() - start) / 1e3 / files;
            Files.delete(probe);
            return micros;
        } catch (IOException | RuntimeException e) {
            return Double.NaN;
        }
    }
}
