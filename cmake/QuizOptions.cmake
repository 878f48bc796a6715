# Build options (sanitizers, fuzzing) as an INTERFACE library linked by every project target.
add_library(quiz_options INTERFACE)
target_compile_features(quiz_options INTERFACE cxx_std_20)

if(QUIZ_SANITIZE)
    set(_quiz_san -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer)
    target_compile_options(quiz_options INTERFACE ${_quiz_san})
    target_link_options(quiz_options INTERFACE ${_quiz_san})
endif()

if(QUIZ_SANITIZE_THREAD)
    # ThreadSanitizer cannot share a process with AddressSanitizer, nor with the fuzz build's.
    if(QUIZ_SANITIZE OR QUIZ_FUZZ)
        message(FATAL_ERROR "QUIZ_SANITIZE_THREAD cannot be combined with QUIZ_SANITIZE or QUIZ_FUZZ")
    endif()
    set(_quiz_tsan -fsanitize=thread -fno-omit-frame-pointer)
    # GCC 12 warns (-Wtsan) wherever Asio's handler completion issues std::atomic_thread_fence, which TSan does not
    # model. Asio hands handlers between threads through its mutex-guarded queues, which TSan does see; the fence is
    # an extra. Silenced only in this build, so the warning cannot fail -Werror builds on library code.
    target_compile_options(quiz_options INTERFACE ${_quiz_tsan} $<$<CXX_COMPILER_ID:GNU>:-Wno-tsan>)
    target_link_options(quiz_options INTERFACE ${_quiz_tsan})
endif()

if(QUIZ_FUZZ)
    if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
        message(FATAL_ERROR "QUIZ_FUZZ needs clang (libFuzzer); configure with CMAKE_CXX_COMPILER=clang++")
    endif()
    # Instrument project code for coverage; the fuzz executables add -fsanitize=fuzzer at link time.
    # -fno-sanitize-recover: a UBSan finding must stop the run, or libFuzzer would not record it as a crash.
    target_compile_options(quiz_options INTERFACE -fsanitize=fuzzer-no-link,address,undefined
        -fno-sanitize-recover=all -fno-omit-frame-pointer)
    target_link_options(quiz_options INTERFACE -fsanitize=address,undefined -fno-sanitize-recover=all)
endif()
