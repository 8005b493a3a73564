package org.tsdbbench.common.budget;

import java.io.IOException;
import java.lang.management.LockInfo;
import java.lang.management.ManagementFactory;
import java.lang.management.MonitorInfo;
import java.lang.management.ThreadInfo;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.util.Arrays;
import java.util.Comparator;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.platform.commons.support.AnnotationSupport;
import org.opentest4j.AssertionFailedError;

/**
 * Every test class's time budget (issue #45): a class that runs past it fails, naming itself and its
 * time, so the suite cannot grow slower unseen. JUnit registers this extension in every test run that
 * has common's test classes or test jar on its class path ({@code META-INF/services}, with
 * {@code junit.jupiter.extensions.autodetection.enabled} in {@code junit-platform.properties}).
 *
 * <p>The budget: {@code -Dtsbench.testBudget.<SimpleName>=N} (or the class's full name), else the
 * class's {@link TestBudget}, else {@code -Dtsbench.testBudget=N}, else {@value #DEFAULT_SECONDS} s;
 * 0 turns it off. Surefire passes Maven's {@code -D} properties on to the test JVM.
 *
 * <p>The moment a class is past its budget, its JVM's threads (and child processes) are written to
 * {@code target/test-budget/<class>-threads.txt} and a line on stderr says so: where a slow or hung
 * class was is kept even if the run is killed later. Nothing is interrupted: a class that stops and
 * restarts a server still restores it. When the class ends, its last callback fails it with its time.
 * Jupiter classes only (jqwik's property tests run on their own engine); a {@link Nested} class counts
 * in its outer class's time.
 */
public final class TestBudgetExtension implements BeforeAllCallback, AfterAllCallback {

    /** The default budget's property (seconds); {@code <this>.<SimpleName>} is one class's. */
    public static final String PROPERTY = "tsbench.testBudget";
    static final long DEFAULT_SECONDS = 300;

    private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(TestBudgetExtension.class);
    private static final Set<Class<?>> WATCHED = ConcurrentHashMap.newKeySet();
    private static final ScheduledExecutorService TIMER = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "test-budget-timer");
        t.setDaemon(true);
        return t;
    });

    private record Watch(long budgetSeconds, long startNanos, ScheduledFuture<?> overrun, AtomicReference<Path> threads) {
    }

    @Override
    public void beforeAll(ExtensionContext context) {
        Class<?> c = context.getRequiredTestClass();
        if (AnnotationSupport.isAnnotated(c, Nested.class)) return;
        long budget = budgetSeconds(c, context::getConfigurationParameter);
        if (budget <= 0) return;
        AtomicReference<Path> threads = new AtomicReference<>();
        long start = System.nanoTime();
        ScheduledFuture<?> overrun = TIMER.schedule(() -> {
            try {
                Path file = writeThreads(c, budget, threadsFile(c));
                threads.set(file);
                System.err.println("[test budget] " + c.getName() + " still running after " + budget + " s, past its budget; its threads: " + file);
            } catch (RuntimeException | IOException e) {
                System.err.println("[test budget] " + c.getName() + " past its budget of " + budget + " s; its threads could not be written: " + e);
            }
        }, budget, TimeUnit.SECONDS);
        context.getStore(NAMESPACE).put(Watch.class, new Watch(budget, start, overrun, threads));
        WATCHED.add(c);
    }

    @Override
    public void afterAll(ExtensionContext context) {
        Watch w = context.getStore(NAMESPACE).remove(Watch.class, Watch.class);
        if (w == null) return;
        WATCHED.remove(context.getRequiredTestClass());
        w.overrun().cancel(false);
        double seconds = (System.nanoTime() - w.startNanos()) / 1e9;
        if (seconds > w.budgetSeconds()) {
            throw new AssertionFailedError(overrunMessage(context.getRequiredTestClass(), seconds, w.budgetSeconds(),
                    Optional.ofNullable(w.threads().get())));
        }
    }

    /** Whether a budget runs for this class now (its tests are running under the extension). */
    static boolean watching(Class<?> testClass) {
        return WATCHED.contains(testClass);
    }

    /** The class's budget in seconds, 0 for none, from the configuration parameters (system properties). */
    static long budgetSeconds(Class<?> c, Function<String, Optional<String>> parameters) {
        Optional<String> own = parameters.apply(PROPERTY + "." + c.getName()).or(() -> parameters.apply(PROPERTY + "." + c.getSimpleName()));
        if (own.isPresent()) return seconds(own.get(), PROPERTY + "." + c.getSimpleName());
        Optional<TestBudget> annotated = AnnotationSupport.findAnnotation(c, TestBudget.class);
        if (annotated.isPresent()) return annotated.get().seconds();
        return parameters.apply(PROPERTY).map(v -> seconds(v, PROPERTY)).orElse(DEFAULT_SECONDS);
    }

    private static long seconds(String value, String name) {
        try {
            return Long.parseLong(value.strip());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + "=" + value + ": whole seconds expected (0: no budget)", e);
        }
    }

    static String overrunMessage(Class<?> c, double seconds, long budget, Optional<Path> threads) {
        return String.format(Locale.ROOT, "%s took %.1f s, past its budget of %d s (@TestBudget on the class or -D%s.%s=N sets its own)%s",
                c.getName(), seconds, budget, PROPERTY, c.getSimpleName(),
                threads.map(p -> "; its threads at " + budget + " s: " + p).orElse(""));
    }

    /** target/test-budget/<class>-threads.txt of the module under test (surefire's basedir). */
    static Path threadsFile(Class<?> c) {
        return Path.of(System.getProperty("basedir", "."), "target", "test-budget", c.getName() + "-threads.txt").toAbsolutePath();
    }

    /** Writes every thread's stack (with the locks held and awaited, as jstack) and the child processes. */
    static Path writeThreads(Class<?> c, long budget, Path file) throws IOException {
        StringBuilder out = new StringBuilder();
        out.append(c.getName()).append(" past its budget of ").append(budget).append(" s at ").append(Instant.now())
                .append(" (pid ").append(ProcessHandle.current().pid()).append(")\n\n");
        ThreadInfo[] infos = ManagementFactory.getThreadMXBean().dumpAllThreads(true, true);
        Arrays.sort(infos, Comparator.comparing(ThreadInfo::getThreadName));
        for (ThreadInfo t : infos) appendThread(out, t);
        out.append("child processes:\n");
        ProcessHandle.current().descendants().forEach(p -> out.append("  ").append(p.pid()).append(' ')
                .append(p.info().commandLine().orElse("?")).append('\n'));
        Files.createDirectories(file.getParent());
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        Files.writeString(tmp, out, StandardCharsets.UTF_8);
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
        return file;
    }

    private static void appendThread(StringBuilder out, ThreadInfo t) {
        out.append('"').append(t.getThreadName()).append("\" #").append(t.getThreadId()).append(t.isDaemon() ? " daemon" : "")
                .append(' ').append(t.getThreadState());
        if (t.getLockName() != null) out.append(" on ").append(t.getLockName());
        if (t.getLockOwnerName() != null) out.append(" owned by \"").append(t.getLockOwnerName()).append("\" #").append(t.getLockOwnerId());
        out.append('\n');
        StackTraceElement[] stack = t.getStackTrace();
        MonitorInfo[] monitors = t.getLockedMonitors();
        for (int i = 0; i < stack.length; i++) {
            out.append("\tat ").append(stack[i]).append('\n');
            for (MonitorInfo m : monitors) {
                if (m.getLockedStackDepth() == i) out.append("\t- locked ").append(m).append('\n');
            }
        }
        LockInfo[] synchronizers = t.getLockedSynchronizers();
        if (synchronizers.length > 0) {
            out.append("\tlocked synchronizers:\n");
            for (LockInfo l : synchronizers) out.append("\t- ").append(l).append('\n');
        }
        out.append('\n');
    }
}
